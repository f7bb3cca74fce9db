//! The table `adams bench` prints: a header, then per range and thread count one row of
//! medians per binary and, with a second binary, a `ratio` row.

use super::{median, BenchRange, Binary, Plan, Sample};

/// A median, or `-` where the binary does not report the figure (sseq: bidegrees in
/// flight, classes).
fn cell<T: std::fmt::Display>(value: Option<T>, width: usize) -> String {
    match value {
        Some(v) => format!("{v:>width$}"),
        None => format!("{:>width$}", "-"),
    }
}

impl Plan<'_> {
    pub(super) fn print_header(&self, binaries: &[Binary]) {
        let (module, algorithm, runs) = (self.module, self.algorithm, self.runs);
        match binaries.get(1) {
            None => println!("module {module}, algorithm {algorithm}, {runs} run(s) per range, medians (runs interleaved across thread counts)"),
            Some(b) if self.external => println!("module {module}, algorithm {algorithm}, {runs} run(s) per range and binary, medians (runs interleaved across thread counts and binaries); {} (threads by RAYON_NUM_THREADS); wall, CPU and peak RSS of both around the whole child process", b.who),
            Some(b) => println!("module {module}, algorithm {algorithm}, {runs} run(s) per range and binary, medians (runs interleaved across thread counts and binaries); {}", b.who),
        }
        let binary = if binaries.len() > 1 {
            format!("{:>8} ", "binary")
        } else {
            String::new()
        };
        println!(
            "{binary}{:>6} {:>4} {:>7} {:>10} {:>10} {:>12} {:>9} {:>8} {:>8}",
            "stem",
            "s",
            "threads",
            "wall (s)",
            "CPU (s)",
            "peak RSS MB",
            "in flight",
            "speedup",
            "classes"
        );
    }

    /// The rows of one range; with a second binary, each thread count's row of this
    /// binary, the other's, and a `ratio` row (wall, CPU and peak RSS medians, this over
    /// the other).
    pub(super) fn print_range(
        &self,
        range: &BenchRange,
        binaries: &[Binary],
        samples: &[Vec<Vec<Sample>>],
    ) {
        let mut first_wall = vec![None; binaries.len()];
        for (k, &threads) in self.thread_counts.iter().enumerate() {
            let mut medians = Vec::new();
            for (b, binary) in binaries.iter().enumerate() {
                let runs = &samples[k][b];
                let of = |f: fn(&Sample) -> f64| median(runs.iter().map(f).collect());
                let (wall, cpu, rss) = (of(|x| x.wall), of(|x| x.cpu), of(|x| x.rss_mb));
                let in_flight = runs
                    .iter()
                    .map(|x| x.in_flight)
                    .collect::<Option<Vec<f64>>>()
                    .map(|xs| format!("{:.1}", median(xs)));
                let base = *first_wall[b].get_or_insert(wall);
                let label = if binaries.len() > 1 {
                    format!("{:>8} ", binary.label)
                } else {
                    String::new()
                };
                println!(
                    "{label}{:>6} {:>4} {:>7} {wall:>10.2} {cpu:>10.2} {:>12.1} {} {:>7.2}x {}",
                    range.max_stem,
                    range.max_s,
                    threads,
                    rss,
                    cell(in_flight, 9),
                    base / wall,
                    cell(runs.last().and_then(|x| x.classes), 8)
                );
                medians.push((wall, cpu, rss));
            }
            if let [(w, c, r), (bw, bc, br)] = medians[..] {
                println!(
                    "{:>8} {:>6} {:>4} {:>7} {:>10.3} {:>10.3} {:>12.3}",
                    "ratio",
                    range.max_stem,
                    range.max_s,
                    threads,
                    w / bw,
                    c / bc,
                    r / br
                );
            }
        }
    }
}
