/* cuda_runtime.h — a host emulation of the part of the CUDA runtime and language that
   jaxc_cuda.cuh uses, so that tests/cuda/test_cuda.cu runs its device kernels on a machine
   without a GPU (make test-cuda-emu, part of make test).

   What it checks: the device code's own logic — grid-stride loops and their tails, vector
   loads and stores, broadcasting and gathering, the reductions' shared-memory trees and
   partial results, launch configurations (CUDA's limits are enforced), error paths and
   the device memory they allocate — against the CPU library, element by element. What it
   cannot check: the GPU's arithmetic (its libm, nvcc's code generation) and its timing;
   those need a GPU run (make cuda-test).

   How: the build (Makefile) rewrites each launch `k<<<grid, block>>>(args)` to
   `k * jaxc_emu::cfg(grid, block)(args)`, which runs k for every thread of every block, one
   block at a time. A block whose thread 0 reaches __syncthreads() runs its threads as fibers
   in turn, each barrier switching to the next one, so that every thread runs up to
   the barrier before any goes past it; other blocks run their threads as plain calls (a barrier
   reached there means a divergent barrier: the test stops, never a wrong answer).
   __shared__ variables are statics, shared by a block's threads (blocks never overlap).
   Device memory is host memory, 256-byte aligned like cudaMalloc's but exactly as long as
   asked for (ASan sees any access past the end), and known to the
   emulator: copies and frees of anything else fail, and device memory still held at exit is
   reported as a leak. */
#ifndef JAXC_EMU_CUDA_RUNTIME_H
#define JAXC_EMU_CUDA_RUNTIME_H
#define JAXC_EMU 1 /* (tests may use the emulator's hooks: jaxc_emu::st().fail_malloc_at) */

#include <map>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tuple>
#include <type_traits>
#include <ucontext.h>
#include <utility>

#define __host__
#define __device__
#define __global__
#define __shared__ static
#define __grid_constant__
#define __forceinline__ inline
#define __launch_bounds__(...)

struct dim3 {
  unsigned x, y, z;
  dim3(unsigned a = 1, unsigned b = 1, unsigned c = 1) : x(a), y(b), z(c) {}
};
struct uint3 { unsigned x, y, z; };
struct alignas(8) uint2 { unsigned x, y; };
struct alignas(16) uint4 { unsigned x, y, z, w; };
struct alignas(8) float2 { float x, y; };
struct alignas(16) double2 { double x, y; };

/* (CUDA's own values) */
typedef enum cudaError {
  cudaSuccess = 0, cudaErrorInvalidValue = 1, cudaErrorMemoryAllocation = 2, cudaErrorInvalidConfiguration = 9,
  cudaErrorNoDevice = 100, cudaErrorNotSupported = 801
} cudaError_t;
enum cudaMemcpyKind { cudaMemcpyHostToHost, cudaMemcpyHostToDevice, cudaMemcpyDeviceToHost, cudaMemcpyDeviceToDevice, cudaMemcpyDefault };
typedef struct CUstream_st *cudaStream_t;

static uint3 threadIdx, blockIdx;
static dim3 blockDim, gridDim;

namespace jaxc_emu {
/* the device: 80 GiB, as an H100 */
static const size_t memory_bytes = (size_t)80 << 30;
struct state {
  cudaError_t pending = cudaSuccess; /* the launch error cudaGetLastError returns */
  std::map<uintptr_t, size_t> blocks; /* device allocations: address -> bytes */
  size_t held = 0;
  long malloc_calls = 0, fail_malloc_at = 0; /* the cudaMalloc call that fails (0: none), for tests */
  bool no_pools = false; /* a device without memory pools (cudaMallocAsync not supported), for tests */
  ~state() {
    if (!blocks.empty()) {
      fprintf(stderr, "cuda emulation: %zu device allocation(s), %zu bytes, never freed\n", blocks.size(), held);
      fflush(stderr);
      _Exit(1);
    }
  }
};
static state &st() {
  static state s;
  return s;
}
/* true when [p, p + n) lies in one device allocation */
static bool on_device(const void *p, size_t n) {
  uintptr_t a = (uintptr_t)p;
  auto it = st().blocks.upper_bound(a);
  if (it == st().blocks.begin()) return false;
  --it;
  return a >= it->first && a - it->first <= it->second && n <= it->second - (a - it->first);
}
} // namespace jaxc_emu

static inline const char *cudaGetErrorString(cudaError_t e) {
  switch (e) {
  case cudaSuccess: return "no error";
  case cudaErrorInvalidValue: return "invalid argument";
  case cudaErrorMemoryAllocation: return "out of memory";
  case cudaErrorInvalidConfiguration: return "invalid configuration argument";
  case cudaErrorNoDevice: return "no CUDA-capable device is detected";
  case cudaErrorNotSupported: return "operation not supported";
  }
  return "unrecognized error code";
}
static inline cudaError_t cudaGetLastError(void) {
  cudaError_t e = jaxc_emu::st().pending;
  jaxc_emu::st().pending = cudaSuccess;
  return e;
}
static inline cudaError_t cudaPeekAtLastError(void) { return jaxc_emu::st().pending; }
static inline cudaError_t cudaGetDeviceCount(int *n) {
  *n = 1;
  return cudaSuccess;
}
static inline cudaError_t cudaDeviceSynchronize(void) { return cudaSuccess; }
static inline cudaError_t cudaMalloc(void **p, size_t bytes) {
  jaxc_emu::state &s = jaxc_emu::st();
  *p = NULL;
  if (++s.malloc_calls == s.fail_malloc_at || bytes > jaxc_emu::memory_bytes - s.held) return cudaErrorMemoryAllocation;
  void *m = NULL; /* (exactly `bytes`, so that ASan sees a kernel write one element past the end) */
  if (posix_memalign(&m, 256, bytes ? bytes : 1) != 0) return cudaErrorMemoryAllocation;
  s.blocks[(uintptr_t)m] = bytes;
  s.held += bytes;
  *p = m;
  return cudaSuccess;
}
template <class T> static inline cudaError_t cudaMalloc(T **p, size_t bytes) { return cudaMalloc((void **)p, bytes); }
/* a device without memory pools when the test sets jaxc_emu::st().no_pools */
static inline cudaError_t cudaMallocAsync(void **p, size_t bytes, cudaStream_t) {
  if (jaxc_emu::st().no_pools) return cudaErrorNotSupported;
  return cudaMalloc(p, bytes);
}
template <class T> static inline cudaError_t cudaMallocAsync(T **p, size_t bytes, cudaStream_t s) { return cudaMallocAsync((void **)p, bytes, s); }
static inline cudaError_t cudaFree(void *p) {
  jaxc_emu::state &s = jaxc_emu::st();
  if (!p) return cudaSuccess;
  auto it = s.blocks.find((uintptr_t)p);
  if (it == s.blocks.end()) return cudaErrorInvalidValue;
  s.held -= it->second;
  s.blocks.erase(it);
  free(p);
  return cudaSuccess;
}
static inline cudaError_t cudaFreeAsync(void *p, cudaStream_t) { return cudaFree(p); }
static inline cudaError_t cudaMemcpy(void *dst, const void *src, size_t bytes, cudaMemcpyKind kind) {
  bool dd = kind == cudaMemcpyDeviceToDevice || kind == cudaMemcpyDeviceToHost, ds = kind == cudaMemcpyDeviceToDevice || kind == cudaMemcpyHostToDevice;
  if (kind != cudaMemcpyHostToHost && ((dd && !jaxc_emu::on_device(src, bytes)) || (ds && !jaxc_emu::on_device(dst, bytes))))
    return cudaErrorInvalidValue;
  memmove(dst, src, bytes);
  return cudaSuccess;
}

/* ---- kernels: a block's threads are fibers, run in turn; __syncthreads() yields ---- */
namespace jaxc_emu {
enum { stack_bytes = 64 << 10, max_threads = 1024 };
/* A fiber's saved state and the switch between two. On x86-64 a switch saves the registers
   the SysV ABI preserves and moves the stack pointer (swapcontext's signal-mask system call
   per switch made the reductions 5x slower); elsewhere ucontext. */
#if defined(__x86_64__) && defined(__GNUC__)
typedef void *context; /* the saved stack pointer */
extern "C" void jaxc_emu_switch(context *from, context to);
__asm__(".text\n.p2align 4\njaxc_emu_switch:\n"
        "  pushq %rbp\n  pushq %rbx\n  pushq %r12\n  pushq %r13\n  pushq %r14\n  pushq %r15\n"
        "  movq %rsp, (%rdi)\n  movq %rsi, %rsp\n"
        "  popq %r15\n  popq %r14\n  popq %r13\n  popq %r12\n  popq %rbx\n  popq %rbp\n  ret\n");
static void switch_to(context *from, context *to) { jaxc_emu_switch(from, *to); }
/* a context that enters entry() on the given stack: six registers to pop, entry as the return
   address, and a zero return address above it (entry never returns) */
static void make_context(context *c, char *stack, void (*entry)(void)) {
  uintptr_t top = ((uintptr_t)stack + stack_bytes) & ~(uintptr_t)15;
  void **sp = (void **)top - 8;
  for (int i = 0; i < 6; i++) sp[i] = nullptr;
  sp[6] = (void *)entry;
  sp[7] = nullptr;
  *c = (context)sp;
}
#else
typedef ucontext_t context;
static void switch_to(context *from, context *to) { swapcontext(from, to); }
static void make_context(context *c, char *stack, void (*entry)(void)) {
  getcontext(c);
  c->uc_stack.ss_sp = stack;
  c->uc_stack.ss_size = stack_bytes;
  c->uc_link = nullptr;
  makecontext(c, entry, 0);
}
#endif
struct fibers {
  context sched;
  context ctx[max_threads];
  char *stack[max_threads] = {};
  bool done[max_threads];
  int current = -1; /* the running fiber; -2: threads run as plain calls */
  bool met_barrier = false; /* (thread 0 of the block reached a barrier) */
  void (*body)(void *) = nullptr;
  void *arg = nullptr;
  ~fibers() {
    for (char *s : stack) free(s);
  }
};
static fibers &fb() {
  static fibers f;
  return f;
}
static void set_thread(int t) {
  threadIdx.x = (unsigned)t % blockDim.x;
  threadIdx.y = (unsigned)t / blockDim.x % blockDim.y;
  threadIdx.z = (unsigned)t / (blockDim.x * blockDim.y);
}
static void fiber_entry(void) {
  fibers &f = fb();
  f.body(f.arg);
  f.done[f.current] = true;
  switch_to(&f.ctx[f.current], &f.sched); /* (never resumed) */
  abort();
}
static void start_fiber(fibers &f, uint64_t t) {
  if (!f.stack[t] && !(f.stack[t] = (char *)malloc(stack_bytes))) abort();
  make_context(&f.ctx[t], f.stack[t], fiber_entry);
  f.done[t] = false;
}
static void resume(fibers &f, uint64_t t) {
  f.current = (int)t;
  set_thread((int)t);
  switch_to(&f.sched, &f.ctx[t]);
}
/* One block. Thread 0 runs first, as a fiber: if it ends without a barrier, so do the others
   (CUDA requires every thread of a block to reach a barrier or none), and they run as plain
   calls; otherwise every thread is a fiber, run in turn from barrier to barrier. */
static void run_block(fibers &f, uint64_t threads) {
  start_fiber(f, 0);
  f.met_barrier = false;
  resume(f, 0);
  if (f.done[0] && !f.met_barrier) {
    f.current = -2;
    for (uint64_t t = 1; t < threads; t++) set_thread((int)t), f.body(f.arg);
    return;
  }
  for (uint64_t t = 1; t < threads; t++) start_fiber(f, t);
  uint64_t left = threads - f.done[0];
  for (uint64_t first = 1; left; first = 0) /* a round: every live thread to its next barrier */
    for (uint64_t t = first; t < threads; t++)
      if (!f.done[t]) resume(f, t), left -= f.done[t];
}
/* runs body(arg) as every thread of every block of the launch */
static void run(dim3 grid, dim3 block, void (*body)(void *), void *arg) {
  fibers &f = fb();
  uint64_t threads = (uint64_t)block.x * block.y * block.z;
  if (threads == 0 || threads > max_threads || block.z > 64 || grid.x == 0 || grid.y == 0 || grid.z == 0 ||
      grid.x > 0x7fffffffu || grid.y > 65535 || grid.z > 65535) {
    st().pending = cudaErrorInvalidConfiguration;
    return;
  }
  if (f.current != -1) abort(); /* (a launch from device code: not emulated) */
  gridDim = grid;
  blockDim = block;
  f.body = body;
  f.arg = arg;
  for (unsigned bz = 0; bz < grid.z; bz++)
    for (unsigned by = 0; by < grid.y; by++)
      for (unsigned bx = 0; bx < grid.x; bx++) {
        blockIdx.x = bx, blockIdx.y = by, blockIdx.z = bz;
        run_block(f, threads);
      }
  f.current = -1;
}
template <class... A> struct pending {
  dim3 grid, block;
  std::tuple<A...> args;
};
struct cfg {
  dim3 grid, block;
  cfg(dim3 g, dim3 b, size_t shared_bytes = 0, cudaStream_t stream = 0) : grid(g), block(b) { (void)shared_bytes, (void)stream; }
  template <class... A> pending<typename std::decay<A>::type...> operator()(A &&...a) const {
    return pending<typename std::decay<A>::type...>{grid, block, std::tuple<typename std::decay<A>::type...>(std::forward<A>(a)...)};
  }
};
/* the rewritten launch: kernel * cfg(grid, block)(args) */
template <class... P, class... A> void operator*(void (*k)(P...), pending<A...> &&p) {
  struct job {
    void (*k)(P...);
    std::tuple<A...> *args;
    static void go(void *v) {
      job *j = (job *)v;
      std::tuple<A...> copy = *j->args; /* each thread gets its own copy of the arguments */
      std::apply(j->k, copy);
    }
  } j = {k, &p.args};
  run(p.grid, p.block, job::go, &j);
}
} // namespace jaxc_emu

static inline void __syncthreads(void) {
  jaxc_emu::fibers &f = jaxc_emu::fb();
  if (f.current < 0) {
    fprintf(stderr, "cuda emulation: __syncthreads() reached by thread %u of a block whose thread 0 reached none\n", threadIdx.x);
    abort();
  }
  f.met_barrier = true;
  jaxc_emu::switch_to(&f.ctx[f.current], &f.sched);
}

#endif
