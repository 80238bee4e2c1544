SHELL := /bin/bash
# jaxc — header-only; this Makefile builds the tests, the demo, the teaching tool and benches.
#   make demo    build and run the main demo          make test   every test (sanitizers too)
#   make bench   benchmarks (GB/s vs same-run copy and NumPy)
#   make exhaustive   all 2^32 float32 inputs through the float32 math functions (minutes)
#   make test-clang   the C tests again, built with clang's sanitizers
#   make cuda / cuda-test / cuda-bench   the optional CUDA path (needs nvcc / a GPU)
CC      ?= gcc
CLANG   ?= clang
WARN    := -std=c11 -Wall -Wextra -Wpedantic -Werror
CFLAGS  ?= -O2
OMP     ?= -fopenmp
ARCH    ?= -march=native
LDLIBS  := -lm
SAN     := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
# debug info of the test builds: line tables only, which is what the sanitizers' reports print
# (file:line of every frame); full -g made each whole-library compile about 30% slower
DBG     := -g1
B       := build
HEADERS := jaxc.h jaxc_promote.h jaxc_kernels.h
SHARED  ?= ../shared
PAR     := bash tests/run_par.sh   # runs commands $(JOBS) at a time, logs in order

TEST_SRCS := $(sort $(wildcard tests/test_*.c))
TESTS     := $(patsubst tests/%.c,$(B)/san/%,$(TEST_SRCS)) $(B)/san-v3/test_vector $(B)/tsan/tsan_threads
TEST_SH   := $(sort $(wildcard tests/test_*.sh))

.PHONY: test-optlevels test-clang all demo test test-c test-sh test-compile bench exhaustive fuzz tool clean cuda cuda-test cuda-bench check-generated test-cuda-build test-cuda-emu test-fused
all: tool $(B)/demo $(B)/styles
	@echo "built: $(B)/jaxc-types (teaching tool) and $(B)/demo; 'make test' runs the tests"

# ---- the implementation object each test links (one TU defines JAXC_IMPLEMENTATION) ----
$(B)/san/impl.o: tests/impl.c $(HEADERS) | $(B)/san
	$(CC) $(WARN) -O1 $(DBG) $(SAN) $(OMP) $(ARCH) -I. -c $< -o $@
# tests/test_solo_*.c hold their own implementation (they set compile-time options); at -O0,
# which compiles the library in 18 s instead of 43 (they run in a second either way)
$(B)/san/test_solo_%: tests/test_solo_%.c tests/check.h $(HEADERS) | $(B)/san
	$(CC) $(WARN) -O0 $(DBG) $(SAN) $(OMP) $(ARCH) -I. $< -o $@ $(LDLIBS)
$(B)/san/test_%: tests/test_%.c $(B)/san/impl.o tests/check.h tests/testlib.h tests/linalg_check.h $(HEADERS) | $(B)/san
	$(CC) $(WARN) -O1 $(DBG) $(SAN) $(OMP) $(ARCH) -I. $< $(B)/san/impl.o -o $@ $(LDLIBS)
# test_complex compares the kernels built with _Complex storage and with the struct storage of
# C++/CUDA builds (tests/complex_struct.c, JAXC_NO_COMPLEX_H)
$(B)/san/test_complex: tests/test_complex.c tests/complex_struct.c tests/complex_eval.h $(B)/san/impl.o tests/check.h tests/testlib.h tests/linalg_check.h $(HEADERS) | $(B)/san
	$(CC) $(WARN) -O1 $(DBG) $(SAN) $(OMP) $(ARCH) -I. -Itests $< tests/complex_struct.c $(B)/san/impl.o -o $@ $(LDLIBS)

# test_vector again for x86-64-v3 (AVX2 + FMA): the 256-bit loops of >>vector run too; and in GNU C,
# where gcc contracts a * b + c into FMAs (-ffp-contract=fast, as in most users' builds) in the
# kernels test_vector.c calls itself (jaxc's implementation file switches contraction off, but a
# user's own calls of the typed kernels compile under the user's flags): the float64 functions'
# exact sums must hold under it too. (-O1 -fexpensive-optimizations: the pass
# that forms the FMAs runs, and the build takes 105 s instead of -O2's 137; the run is as long)
$(B)/san-v3/test_vector: tests/test_vector.c tests/impl.c tests/check.h tests/testlib.h tests/linalg_check.h $(HEADERS)
	@mkdir -p $(B)/san-v3
	$(CC) $(WARN) -std=gnu11 -O1 -fexpensive-optimizations $(DBG) $(SAN) $(OMP) -march=x86-64-v3 -I. $< tests/impl.c -o $@ $(LDLIBS)

# several threads calling jaxc at once under ThreadSanitizer: without OpenMP, whose runtime TSan
# cannot see into (its threads would be reported as races); -O0 (10 s to build, not 37)
$(B)/tsan/tsan_threads: tests/tsan_threads.c tests/check.h tests/testlib.h tests/linalg_check.h $(HEADERS)
	@mkdir -p $(B)/tsan
	$(CC) $(WARN) -O0 $(DBG) -fsanitize=thread,undefined -fno-sanitize-recover=undefined $(ARCH) -pthread -I. $< -o $@ $(LDLIBS)

$(B) $(B)/san $(B)/opt:
	mkdir -p $@

# The same C tests built with clang's sanitizers (not part of make test, to keep it short).
CL := $(B)/clang
$(CL)/impl.o: tests/impl.c $(HEADERS)
	@mkdir -p $(CL)
	$(CLANG) $(WARN) -O1 $(DBG) $(SAN) $(OMP) $(ARCH) -I. -c $< -o $@
$(CL)/test_%: tests/test_%.c $(CL)/impl.o tests/check.h tests/testlib.h tests/linalg_check.h $(HEADERS)
	$(CLANG) $(WARN) -O1 $(DBG) $(SAN) $(OMP) $(ARCH) -I. $< $(CL)/impl.o -o $@ $(LDLIBS)
$(CL)/test_complex: tests/test_complex.c tests/complex_struct.c tests/complex_eval.h $(CL)/impl.o tests/check.h tests/testlib.h tests/linalg_check.h $(HEADERS)
	$(CLANG) $(WARN) -O1 $(DBG) $(SAN) $(OMP) $(ARCH) -I. -Itests $< tests/complex_struct.c $(CL)/impl.o -o $@ $(LDLIBS)
CLANG_TESTS := $(patsubst tests/%.c,$(CL)/%,$(filter-out tests/test_solo_%,$(TEST_SRCS)))
test-clang: $(CLANG_TESTS)
	@$(PAR) $(JOBS) $(foreach t,$(filter %/test_vector,$(CLANG_TESTS)) $(filter-out %/test_vector,$(CLANG_TESTS)),"./$(t)")

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
# Each group prints "name: N passed, M failed"; the last line adds them up.
# (the test programs build in parallel, one job a core; the CUDA, shell and fused checks build
# alongside the C tests' runs. The compile checks go first, alone: run with the C tests' builds
# they delayed impl.o, which every test waits for, and make test took 812 s instead of 730)
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
test:
	@rm -f $(B)/test.log; mkdir -p $(B)
	@set -o pipefail; for g in check-generated test-compile "test-c test-sh test-cuda-build test-cuda-emu test-fused"; do \
	  $(MAKE) --no-print-directory -Otarget -j$(JOBS) $$g 2>&1 | tee -a $(B)/test.log || { echo "make test: $$g FAILED"; exit 1; }; done
	@awk '/^[^ ]+: [0-9]+ passed, [0-9]+ failed/ { p += $$2; f += $$4 } END { printf "total: %d passed, %d failed\n", p, f; exit f > 0 }' $(B)/test.log

# two at a time, the single-threaded test_vector builds first so that the lanes end together
TESTS_RUN := $(filter %/test_vector,$(TESTS)) $(filter-out %/test_vector,$(TESTS))
test-c: $(TESTS)
	@$(PAR) $(JOBS) $(foreach t,$(TESTS_RUN),"ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ./$(t)")

# the examples as make test builds them: at -O0, where the library compiles in 12 s instead of 70
# (what is checked is their output; test-compile compiles everything at -O2)
$(B)/check/%: examples/%.c $(HEADERS)
	@mkdir -p $(B)/check
	$(CC) $(WARN) -O0 $(OMP) $(ARCH) -I. $< -o $@ $(LDLIBS)
test-sh: tool $(B)/check/demo $(B)/check/styles
	@fail=0; for t in $(TEST_SH); do B=$(B) EX=$(B)/check bash $$t || fail=1; done; \
	  [ $$fail = 0 ] || { echo "test-sh: FAILED"; exit 1; }

# Every header compiles clean under gcc and clang, with and without OpenMP, C11 pedantic (and
# for AVX2 and AVX-512 targets, where the >>vector loops are compiled in; jaxc_kernels.h as C++);
# jaxc_promote.h alone freestanding; JAXC_NO_STDIO builds (no snprintf reached); the _Static_assert TUs
# compile (that is their test).
COMPILE_SRCS := $(sort $(wildcard tests/compile_*.c))
# gcc at -O2 with OpenMP (the build most users make), where its flow-based warnings
# (-Wmaybe-uninitialized ...) run; the builds without OpenMP, and clang's, at -O0: their warnings
# come from the front end (an unused variable of a serial path shows there), and -O0 compiles the
# library in 7 s instead of 40
CHECK_FLAGS  := $(WARN) -Wstrict-prototypes -Wshadow -I.
have = $(shell command -v $(1) >/dev/null 2>&1 && echo $(1))
CHECK_CCS  = $(call have,$(CC)) $(call have,$(CLANG))
CHECK_CXXS = $(call have,$(CXX)) $(call have,$(CLANG)++)
check_opt = $(if $(findstring clang,$(1)),-O0,-O2)
COMPILE_CMDS = \
  $(foreach cc,$(CHECK_CCS),$(foreach f,$(COMPILE_SRCS),"$(cc) $(CHECK_FLAGS) -O0 -c $(f) -o /dev/null" \
    "$(cc) $(CHECK_FLAGS) $(call check_opt,$(cc)) $(OMP) -c $(f) -o /dev/null")) \
  $(if $(call have,$(CLANG)),"$(CLANG) $(CHECK_FLAGS) -O0 $(OMP) -march=x86-64-v4 -c tests/compile_all.c -o /dev/null") \
  $(foreach cxx,$(CHECK_CXXS),$(foreach arch,x86-64-v3 x86-64-v4, \
    "$(cxx) -std=c++17 -Wall -Wextra -Wpedantic -Werror -O2 -march=$(arch) -I. -c tests/compile_cxx.cpp -o /dev/null")) \
  "gcc -std=c11 -ffreestanding -nostdinc -isystem \"\$$(gcc -print-file-name=include)\" $(WARN) -I. -c tests/freestanding.c -o /dev/null" \
  "$(CC) $(WARN) -O0 $(OMP) -I. -c tools/exhaustive.c -o /dev/null" \
  "$(CC) $(CHECK_FLAGS) -O0 -DJAXC_LIBM_F64 -march=x86-64 -c tests/compile_all.c -o /dev/null" \
  "$(CC) $(CHECK_FLAGS) -O2 -DJAXC_NO_STDIO -c tests/compile_all.c -o /dev/null" \
  $(if $(call have,$(CLANG)),"$(CLANG) $(CHECK_FLAGS) -O0 -DJAXC_NO_STDIO -c tests/compile_all.c -o /dev/null") \
  "$(CC) $(WARN) -Wfatal-errors -DJAXC_NO_TYPED_KERNELS -I. -c tests/compile_all.c -o /dev/null 2>&1 | grep -q 'do not define JAXC_NO_TYPED_KERNELS' || { echo 'JAXC_NO_TYPED_KERNELS: the implementation was not refused'; exit 1; }"
test-compile:
	@for c in $(CC) $(CLANG); do command -v $$c >/dev/null || echo "test-compile: $$c not installed: skipped"; done
	@$(PAR) -s test-compile $(JOBS) $(COMPILE_CMDS)

# ---- generated tables stay in step with their generators ----
check-generated: | $(B)
	@$(CC) -std=c11 -O1 -I. tools/gen_pairs.c -o $(B)/gen_pairs
	@./$(B)/gen_pairs > $(B)/pairs.h
	@awk '/BEGIN GENERATED by tools\/gen_pairs.c/,/END GENERATED/' jaxc_kernels.h | diff -q - $(B)/pairs.h >/dev/null \
	  || { echo "jaxc_kernels.h: JAXC__PAIRS is stale; regenerate with tools/gen_pairs.c"; exit 1; }
	@/usr/bin/python3 tests/data/gen_static.py --check >/dev/null 2>&1 || [ ! -x /usr/bin/python3 ] \
	  || { echo "tests/compile_promote_static.c is stale: run tests/data/gen_static.py"; exit 1; }
	@/usr/bin/python3 tests/data/gen_print.py --check >/dev/null 2>&1 || [ ! -x /usr/bin/python3 ] \
	  || { echo "tests/data/print_cases.txt is stale: run tests/data/gen_print.py"; exit 1; }
	@[ ! -x /usr/bin/python3 ] || /usr/bin/python3 tests/data/gen_random_ref.py | diff -q - tests/data/random_ref.txt >/dev/null \
	  || { echo "tests/data/random_ref.txt is stale: run tests/data/gen_random_ref.py"; exit 1; }
	@[ ! -x /usr/bin/python3 ] || /usr/bin/python3 tests/data/gen_arange.py --check \
	  || { echo "tests/data/arange_cases.txt is stale: run tests/data/gen_arange.py"; exit 1; }
	@[ ! -x /usr/bin/python3 ] || /usr/bin/python3 tests/data/gen_einsum_paths.py --check \
	  || { echo "tests/data/einsum_paths.txt is stale: run tests/data/gen_einsum_paths.py"; exit 1; }
	@[ ! -x /usr/bin/python3 ] || /usr/bin/python3 tests/data/gen_numpy_dtypes.py --check \
	  || { echo "tests/data/numpy_dtypes.txt is stale: run tests/data/gen_numpy_dtypes.py"; exit 1; }
	@echo "check-generated: 6 passed, 0 failed"

# ---- benchmarks (optimised, OpenMP); NumPy figures when Debian's python3-numpy is there ----
BENCH_FLAGS := $(WARN) -O3 $(ARCH) $(OMP) -I.
$(B)/opt/bench_%: bench/bench_%.c bench/bench_rows.h $(HEADERS) | $(B)/opt
	$(CC) $(BENCH_FLAGS) $< -o $@ $(LDLIBS)
BENCH_BINS := $(patsubst bench/%.c,$(B)/opt/%,$(sort $(wildcard bench/bench_*.c)))
bench: $(BENCH_BINS)
	@echo "== machine: $$(nproc) cores, $$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
	@for b in $(BENCH_BINS); do echo "== $$b"; OMP_NUM_THREADS=$${OMP_NUM_THREADS:-2} ./$$b || exit 1; done
	@echo "== numpy (/usr/bin/python3)"; /usr/bin/python3 bench/numpy_ops.py 2>/dev/null || echo "# numpy not available"

# ---- the same bits from every build: tools/optlevels.c built seven ways (gcc -O0 .. -O3, GNU C's
# contraction, SSE2 and AVX2 targets, clang), with 1 to 3 threads, each output diffed against
# gcc -O0's. Not part of make test (seven whole-library builds: about 5 min on 2 cores); .ci/run
# runs it ----
test-optlevels:
	@bash tools/optlevels.sh $(B)/optlevels $(JOBS)

# ---- every float32 input through the float32 math kernels against long double (minutes, so
# not part of make test; FNS="sin cos" picks functions) ----
$(B)/opt/exhaustive: tools/exhaustive.c tests/testlib.h $(HEADERS) | $(B)/opt
	$(CC) $(BENCH_FLAGS) $< -o $@ $(LDLIBS)
exhaustive: $(B)/opt/exhaustive
	./$(B)/opt/exhaustive $(FNS)

# ---- coverage-guided fuzzing of the whole API (libFuzzer, clang; minutes, not part of make test) ----
FUZZ_SECONDS ?= 300
$(B)/fuzz/fuzz_api: tools/fuzz_api.c $(HEADERS)
	@mkdir -p $(B)/fuzz/corpus
	$(CLANG) $(WARN) -O1 $(DBG) -fsanitize=fuzzer,address,undefined -fno-sanitize=bool -fno-sanitize-recover=undefined -I. $< -o $@ $(LDLIBS)
fuzz: $(B)/fuzz/fuzz_api
	cd $(B)/fuzz && ASAN_OPTIONS=allocator_may_return_null=1 ./fuzz_api -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=4096 corpus

# ---- CUDA (optional): nvcc may not be on PATH, so look where CUDA installs it ----
NVCC ?= $(firstword $(shell command -v nvcc 2>/dev/null) $(wildcard /usr/local/cuda/bin/nvcc /usr/local/cuda-*/bin/nvcc))
# -fmad=false: no contraction of a*b+c into fma, so arithmetic rounds as on the CPU
NVCCBASE := -std=c++17 -O2 -fmad=false -I.
NVCCFLAGS := $(NVCCBASE) -gencode arch=compute_90,code=sm_90 -gencode arch=compute_80,code=compute_80
# (x86-64-v3: the CPU side then runs the float64 functions' own near code, as the device does,
# not the C library's; it is built here and carried to the GPU's host, hence no -march=native)
$(B)/cuda/impl.o: tests/impl.c $(HEADERS)
	@mkdir -p $(B)/cuda
	$(CC) $(WARN) -O2 -march=x86-64-v3 -I. -DJAXC_NO_OPENMP -c $< -o $@
$(B)/cuda/test_cuda: tests/cuda/test_cuda.cu $(B)/cuda/impl.o jaxc_cuda.cuh $(HEADERS)
	@mkdir -p $(B)/cuda
	$(NVCC) $(NVCCFLAGS) $< $(B)/cuda/impl.o -o $@ -lm
# the refusal of --use_fast_math, checked on the device (jaxc_cuda.cuh cannot see the flag)
$(B)/cuda/test_fast_math: tests/cuda/test_fast_math.cu jaxc_cuda.cuh $(HEADERS)
	@mkdir -p $(B)/cuda
	$(NVCC) -std=c++17 -O2 --use_fast_math -I. -gencode arch=compute_90,code=sm_90 $< -o $@
cuda:
	@if [ -z "$(NVCC)" ]; then echo "cuda: nvcc not found: CUDA build skipped"; else $(MAKE) --no-print-directory $(B)/cuda/test_cuda $(B)/cuda/bench_cuda $(B)/cuda/test_fast_math; fi
cuda-test: cuda
	@if [ -n "$(NVCC)" ]; then ./$(B)/cuda/test_cuda && ./$(B)/cuda/test_fast_math; fi
$(B)/cuda/bench_cuda: bench/cuda/bench_cuda.cu bench/bench_rows.h jaxc_cuda.cuh $(HEADERS)
	@mkdir -p $(B)/cuda
	$(NVCC) $(NVCCFLAGS) $< -o $@
cuda-bench:
	@if [ -z "$(NVCC)" ]; then echo "cuda-bench: nvcc not found"; else $(MAKE) --no-print-directory $(B)/cuda/bench_cuda && ./$(B)/cuda/bench_cuda; fi
# make test compiles the CUDA code when nvcc is there; it runs it only where a GPU is. Without a
# GPU the test is compiled to portable PTX without device optimisation (-G): the front end
# checks every kernel and emits its PTX in 22 s; optimising the PTX (3.5 min) or the sm_90
# machine code (6 min), which nothing would run, would add minutes to CI.
# (the host side at -O0 too: this binary only reports that there is no GPU)
$(B)/cuda/impl-O0.o: tests/impl.c $(HEADERS)
	@mkdir -p $(B)/cuda
	$(CC) $(WARN) -O0 -I. -DJAXC_NO_OPENMP -c $< -o $@
$(B)/cuda/test_cuda_ptx: tests/cuda/test_cuda.cu $(B)/cuda/impl-O0.o jaxc_cuda.cuh $(HEADERS)
	@mkdir -p $(B)/cuda
	$(NVCC) -std=c++17 -O0 -fmad=false -I. -G -gencode arch=compute_80,code=compute_80 $< $(B)/cuda/impl-O0.o -o $@ -lm
test-cuda-build:
	@if [ -z "$(NVCC)" ]; then echo "test-cuda: nvcc not found: skipped"; \
	elif command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1; then \
	  $(MAKE) --no-print-directory $(B)/cuda/test_cuda && ./$(B)/cuda/test_cuda; \
	else $(MAKE) --no-print-directory $(B)/cuda/test_cuda_ptx && ./$(B)/cuda/test_cuda_ptx && \
	  echo "test-cuda: compiled with $(NVCC); no GPU on this machine: not run"; fi

# The device code without a GPU: tests/cuda/test_cuda.cu built by the host compiler against
# tests/cuda/emu/cuda_runtime.h, a host emulation of the CUDA runtime (each launch
# k<<<g, b>>>(args) rewritten to k * jaxc_emu::cfg(g, b)(args)). It runs every kernel's own
# logic (indexing, vector loads, broadcasting, the reductions' block trees, launch limits,
# errors) against the CPU library under ASan/UBSan; not the GPU's arithmetic (cuda-test).
# (-O0: it compiles in 25 s instead of 81 at -O1 and runs in 27 s instead of 12; the CPU side,
# impl.o, builds in 11 s at -O0 and the run takes 2 s longer.)
EMU := $(B)/emu
EMU_LAUNCHES := sed -e 's/<<</ * jaxc_emu::cfg(/g' -e 's/>>>(/)(/g'
$(EMU)/jaxc_cuda.cuh: jaxc_cuda.cuh
$(EMU)/test_cuda.cpp: tests/cuda/test_cuda.cu
$(EMU)/jaxc_cuda.cuh $(EMU)/test_cuda.cpp:
	@mkdir -p $(EMU)
	$(EMU_LAUNCHES) $< > $@
$(EMU)/impl.o: tests/impl.c $(HEADERS)
	@mkdir -p $(EMU)
	$(CC) $(WARN) -O0 $(DBG) $(SAN) $(ARCH) -DJAXC_NO_OPENMP -I. -c $< -o $@
$(EMU)/test_cuda: $(EMU)/test_cuda.cpp $(EMU)/jaxc_cuda.cuh $(EMU)/impl.o tests/cuda/emu/cuda_runtime.h $(HEADERS)
	$(CXX) -std=c++17 -Wall -Wextra -Werror -Wno-unknown-pragmas -O0 $(DBG) $(SAN) $(ARCH) -DTEST_NAME='"test_cuda_emulated"' \
	  -Itests/cuda/emu -I. $< $(EMU)/impl.o -o $@ -lm
# the refusal of fast math: here the host's -ffast-math (at -O0: subnormals flushed, by crtfastmath)
$(EMU)/test_fast_math.cpp: tests/cuda/test_fast_math.cu
	@mkdir -p $(EMU)
	$(EMU_LAUNCHES) $< > $@
$(EMU)/test_fast_math: $(EMU)/test_fast_math.cpp $(EMU)/jaxc_cuda.cuh tests/cuda/emu/cuda_runtime.h $(HEADERS)
	$(CXX) -std=c++17 -Wall -Wextra -Werror -Wno-unknown-pragmas -O0 -ffast-math $(DBG) $(SAN) $(ARCH) \
	  -DTEST_NAME='"test_fast_math_emulated"' -Itests/cuda/emu -I. $< -o $@ -lm
test-cuda-emu:
	@if ! command -v $(CXX) >/dev/null; then echo "test-cuda-emu: no C++ compiler ($(CXX)): skipped"; \
	else $(MAKE) --no-print-directory $(EMU)/test_cuda $(EMU)/test_fast_math && $(PAR) $(JOBS) "ASAN_OPTIONS=detect_leaks=1 ./$(EMU)/test_cuda" \
	  "./$(EMU)/test_fast_math"; fi

# Complex products in an optimized build without sanitizers (the sanitized builds never vectorise
# the loop that GCC's vectorizer fuses into FMAs): -O1 -ftree-loop-vectorize for FMA hardware,
# 50 s to build instead of -O2's 90.
$(B)/fused/impl.o: tests/impl.c $(HEADERS)
	@mkdir -p $(B)/fused
	$(CC) $(WARN) -O1 -ftree-loop-vectorize -march=x86-64-v3 -DJAXC_NO_OPENMP -I. -c $< -o $@
$(B)/fused/fused_cmul: tests/fused_cmul.c $(B)/fused/impl.o tests/check.h $(HEADERS)
	$(CC) $(WARN) -O1 -march=x86-64-v3 -I. -Itests $< $(B)/fused/impl.o -o $@ $(LDLIBS)
test-fused: $(B)/fused/fused_cmul
	@./$(B)/fused/fused_cmul

clean:
	rm -rf $(B) lattice.dot lattice.svg

$(B)/styles: examples/styles.c $(HEADERS) | $(B)
	$(CC) $(WARN) $(CFLAGS) $(OMP) $(ARCH) -I. $< -o $@ $(LDLIBS)
