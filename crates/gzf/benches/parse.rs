//! Parse + validate throughput on a generated file (see BENCHMARKS.md).

fn main() {}
