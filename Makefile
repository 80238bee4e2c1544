# jaxc — header-only; this Makefile builds the tests, the demo, the teaching tool and benches.
#   make demo    build and run the main demo          make test   every test (sanitizers too)
#   make bench   benchmarks (GB/s vs same-run copy and NumPy)
#   make cuda / cuda-test / cuda-bench   the optional CUDA path (needs nvcc / a GPU)
CC      ?= gcc
CLANG   ?= clang
WARN    := -std=c11 -Wall -Wextra -Wpedantic -Werror
CFLAGS  ?= -O2 -g
OMP     ?= -fopenmp
ARCH    ?= -march=native
LDLIBS  := -lm
SAN     := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
B       := build
HEADERS := jaxc.h jaxc_promote.h jaxc_kernels.h $(wildcard parts/*.h)
SHARED  ?= ../shared

TEST_SRCS := $(sort $(wildcard tests/test_*.c))
TESTS     := $(patsubst tests/%.c,$(B)/san/%,$(TEST_SRCS))
TEST_SH   := $(sort $(wildcard tests/test_*.sh))

.PHONY: all demo test test-c test-sh test-compile bench tool clean cuda cuda-test cuda-bench
all: tool $(B)/demo
	@echo "built: $(B)/jaxc-types (teaching tool) and $(B)/demo; 'make test' runs the tests"

# ---- the implementation object each test links (one TU defines JAXC_IMPLEMENTATION) ----
$(B)/san/impl.o: tests/impl.c $(HEADERS) | $(B)/san
	$(CC) $(WARN) -O1 -g $(SAN) $(OMP) $(ARCH) -I. -c $< -o $@
$(B)/san/test_%: tests/test_%.c $(B)/san/impl.o tests/check.h $(HEADERS) | $(B)/san
	$(CC) $(WARN) -O1 -g $(SAN) $(OMP) $(ARCH) -I. $< $(B)/san/impl.o -o $@ $(LDLIBS)

$(B) $(B)/san $(B)/opt:
	mkdir -p $@

# ---- main programs ----
$(B)/jaxc-types: tools/jaxc_types.c jaxc_promote.h | $(B)
	$(CC) $(WARN) -O2 -I. $< -o $@
tool: $(B)/jaxc-types
$(B)/demo: examples/demo.c $(HEADERS) | $(B)
	$(CC) $(WARN) $(CFLAGS) $(OMP) $(ARCH) -I. $< -o $@ $(LDLIBS)
demo: $(B)/demo
	./$(B)/demo

lattice.dot: $(B)/jaxc-types
	./$(B)/jaxc-types lattice --dot > $@
lattice.svg: lattice.dot
	dot -Tsvg $< -o $@

# ---- tests ----
test: test-compile test-c test-sh
	@echo "make test: all test groups passed"

test-c: $(TESTS)
	@fail=0; for t in $(TESTS); do \
	  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ./$$t || fail=1; done; \
	  [ $$fail = 0 ] || { echo "test-c: FAILED"; exit 1; }

test-sh: tool
	@fail=0; for t in $(TEST_SH); do B=$(B) bash $$t || fail=1; done; \
	  [ $$fail = 0 ] || { echo "test-sh: FAILED"; exit 1; }

# Every header compiles clean under gcc and clang, with and without OpenMP, C11 pedantic;
# jaxc_promote.h alone freestanding; the _Static_assert TUs compile (that is their test).
COMPILE_SRCS := $(sort $(wildcard tests/compile_*.c))
test-compile: | $(B)
	@set -e; for cc in $(CC) $(CLANG); do for omp in "" "$(OMP)"; do for f in $(COMPILE_SRCS); do \
	  $$cc $(WARN) -Wstrict-prototypes -Wshadow $$omp -I. -c $$f -o $(B)/compile.o || { echo "FAIL: $$cc $$omp $$f"; exit 1; }; \
	done; done; done; \
	gcc -std=c11 -ffreestanding -nostdinc -isystem "$$(gcc -print-file-name=include)" $(WARN) -I. \
	  -c tests/freestanding.c -o $(B)/fs.o; \
	n=$$(echo $(COMPILE_SRCS) | wc -w); echo "test-compile: $$((n * 4 + 1)) passed, 0 failed"

clean:
	rm -rf $(B) lattice.dot lattice.svg
