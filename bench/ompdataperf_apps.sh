# shellcheck shell=bash disable=SC2034 # apps: used by the scripts that source this
# The programs of OMPDataPerf's benchmark suite the benchmarks run
# (bench/ompdataperf.sh builds them, bench/check_mapping.sh runs them
# again); sourced.
llvm_make="COMPILER=llvm TARGET=CPU"

# name|folder of eval/src|build command|program and arguments (@DATA@: the
# generated inputs)|file the program writes (or -)|extended regex of the
# output lines that are its result (or -). The file and the lines must be
# the same under every tool as natively. Every program and variant of the
# paper's Table 1 and torture; inputs of 0.3-3 s natively at low load, the
# paper's small, medium or large one where that fits, else one between
# (docs/performance.md lists them).
apps=(
  "babelstream|BabelStream|cmake_offload build -DMODEL=omp|./build/omp-stream -n 100 -s 1048576|-|^(Running|Precision|Array size|Total size|Validation)"
  "babelstream_syn|BabelStream|cmake_offload build_syn -DMODEL=omp_syn|./build_syn/omp_syn-stream -n 100 -s 1048576|-|^(Running|Precision|Array size|Total size|Validation)"
  "bfs|bfs|make bfs_offload|./bfs_offload 4 @DATA@/graph500k.txt|result.txt|-"
  "bfs_fix|bfs|make bfs_offload_fix|./bfs_offload_fix 4 @DATA@/graph500k.txt|result.txt|-"
  "hotspot|hotspot|make hotspot_offload|./hotspot_offload 1024 1024 2 4 @DATA@/temp_1024 @DATA@/power_1024 output.out|output.out|-"
  "hotspot_syn|hotspot|make hotspot_offload_synthetic|./hotspot_offload_synthetic 1024 1024 2 4 @DATA@/temp_1024 @DATA@/power_1024 output.out|output.out|-"
  "lud|lud/omp|make -f Makefile.offload $llvm_make|./lud_omp_offload -s 2000|-|-"
  "lud_syn|lud/omp|make -f Makefile.offload_syn $llvm_make|./lud_omp_offload_syn -s 2000|-|-"
  "minife|miniFE/src-openmp45-opt|make|./miniFE.x -nx 40 -ny 40 -nz 40|-|^(Initial Residual|Iteration =|Final Resid Norm)"
  "minife_fix|miniFE/src-openmp45-opt-fix|make|./miniFE.x -nx 40 -ny 40 -nz 40|-|^(Initial Residual|Iteration =|Final Resid Norm)"
  "minifmm|minifmm|make $llvm_make|./fmm.omptarget -n 1000|-|^(num_nodes|max tree depth|pot err)"
  "minifmm_syn|minifmm|make -f Makefile.syn $llvm_make|./fmm.omptarget_syn -n 1000|-|^(num_nodes|max tree depth|pot err)"
  "nw|nw|make needle_offload|./needle_offload 4096 10 2|result.txt|-"
  "nw_syn|nw|make needle_offload_syn|./needle_offload_syn 4096 10 2|result.txt|-"
  "rsbench|RSBench|make $llvm_make|./rsbench -m event -s small -l 100000|-|^Verification checksum"
  "rsbench_fix|RSBench|make -f Makefile.fix $llvm_make|./rsbench_fix -m event -s small -l 100000|-|^Verification checksum"
  "tealeaf|TeaLeaf|cmake_offload build -DMODEL=omp-target -DENABLE_MPI=OFF|./build/omp-target-tealeaf --file @DATA@/tea_200.in|-|^ *(Timestep|CG:|Error:|Expected|Actual)"
  "tealeaf_syn|TeaLeaf|cmake_offload build_syn -DMODEL=omp-target_syn -DENABLE_MPI=OFF|./build_syn/omp-target-tealeaf_syn --file @DATA@/tea_200.in|-|^ *(Timestep|CG:|Error:|Expected|Actual)"
  "torture|torture|make torture|./torture 127 8388608|-|-"
  "xsbench|XSBench|make $llvm_make|./XSBench -m event -s small -l 100000|-|^Verification checksum"
  "xsbench_fix|XSBench|make -f Makefile.fix $llvm_make|./XSBench_fix -m event -s small -l 100000|-|^Verification checksum"
)

