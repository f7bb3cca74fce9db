//! `adams resolve S_2 --motivic`: C-motivic Ext of the sphere, `Ext_{A^C}(M_2, M_2)` as a
//! module over `F_2[τ]` (`resolution::motivic`), and the Ext of `Cτ`; ext.csv, ctau.csv,
//! generators.csv (each generator with its `h_0`, `h_1`, `h_2` products), chart.svg,
//! chart-chow.svg (the Chow degree view) and the ASCII chart.

use std::io::Write;
use std::path::Path;

use chart::motivic::{MotivicChart, MotivicClass};
use resolution::motivic::{ctau, resolve_sphere, MotivicExt};
use resolution::ResolutionConfig;

use crate::cli::ResolveArgs;
use crate::error::Error;
use crate::resolve::Start;
use crate::usage;

/// Checks `--motivic` against the module and the flags (exit 2, one line): the sphere
/// only (the C-motivic cohomology of a point, `M_2 = F_2[τ]`: the module named must be
/// `F_2` in degree 0 at p = 2, wherever it is found); stems from 0; the range within the
/// Milnor basis tables (`t ≤ max_stem + max_s`); no flag a C-motivic run does not have.
pub(crate) fn check(args: &ResolveArgs, range: ResolutionConfig) -> Result<(), Error> {
    let refuse = |why: String| Error::Motivic { why };
    if let Some(flag) = refused_flag(args) {
        return Err(refuse(format!(
            "{flag} is not available for C-motivic runs"
        )));
    }
    let dir = args.range.modules_dir.as_deref();
    // Every cell the range can see (a module with a cell above degree 0 is not the sphere).
    let top = (i64::from(range.max_stem) + i64::from(range.max_s)).clamp(1, 1 << 20) as i32;
    let found = crate::modules::find_module(&args.module, dir, Some(top))?;
    let sphere = match &found {
        steenrod::module::AnyModule::Two(m) => {
            m.profile().is_none() && (m.min_degree(), m.max_degree(), m.dim(0)) == (0, 0, 1)
        }
        steenrod::module::AnyModule::Odd(_) => false,
    };
    if !sphere {
        return Err(refuse(format!(
            "{}: only the sphere S_2 (M_2 = F_2[τ], the C-motivic cohomology of a point) is \
             resolved C-motivically; module files carry no weights",
            args.module
        )));
    }
    if range.max_stem < 0 {
        return Err(refuse(format!(
            "--max-stem {} is below the sphere's bottom class (stem 0)",
            range.max_stem
        )));
    }
    let top = i64::from(range.max_stem) + i64::from(range.max_s);
    let limit = i64::from(steenrod::MAX_ALGEBRA_DEGREE);
    if top > limit {
        return Err(refuse(format!(
            "--max-stem {} --max-s {} needs the Steenrod algebra through degree {top} \
             (max_stem + max_s), beyond its tables ({limit})",
            range.max_stem, range.max_s
        )));
    }
    Ok(())
}

/// The first flag given that C-motivic runs do not have.
fn refused_flag(args: &ResolveArgs) -> Option<&'static str> {
    use crate::resolve_unstable::{engine_flags, first_given};
    let mut flags = engine_flags(args);
    flags.extend([
        (args.certify, "--certify"),
        (args.save_dir.is_some(), "--save-dir"),
        (args.verify_sample.is_some(), "--verify-sample"),
        (!args.export.format.is_empty(), "--format"),
        (args.draw.lines != chart::svg::Lines::default(), "--lines"),
        (
            args.draw.labels != crate::cli::LabelsArg::Indecomposables,
            "--labels",
        ),
        (args.no_names, "--no-names"),
    ]);
    first_given(&flags)
}

/// Resolves, writes the files into the output folder (`S_2-motivic` by default), prints
/// the ASCII chart (unless `--no-chart`) and the closing line (unless `--quiet`). Errors:
/// the output folder, the thread pool, writing a file.
pub(crate) fn run(plan: &crate::plan::Plan, start: &Start) -> Result<(), Error> {
    let output = crate::resolve::open_output(&plan.output, "S_2-motivic")?;
    let ResolutionConfig { max_stem, max_s } = plan.range;
    let pool = crate::resolve_unstable::pool(plan.limits.threads)?;
    let mut progress = Progress::new(plan.quiet);
    let (res, ext) =
        pool.install(|| resolve_sphere(max_stem, max_s, |k, of| progress.diagonal(k, of)));
    let drawn = chart_of(&ext);
    let range = format!("stem <= {max_stem}, s <= {max_s}");
    let head = format!(
        "# complete for {range}; C-motivic Ext_(A^C)^(s,t,w)(M_2, M_2) of the sphere as an \
         F_2[tau]-module: its generators by weight w and tau-torsion order (inf: tau-free), \
         computed by adams (classical, weights)"
    );
    write(&output.join("ext.csv"), drawn.ext_csv(&head).as_bytes())?;
    let gens_head = format!(
        "# complete for {range}; the generators of C-motivic Ext of the sphere with their \
         h0, h1, h2 products (a sum of t^k{{id}}, t^k the power of tau; ? outside the range)"
    );
    write(
        &output.join("generators.csv"),
        drawn.generators_csv(&gens_head).as_bytes(),
    )?;
    let mut text = format!(
        "# complete for {range}; Ext_(A^C)^(s,t,w) of C tau (the cofiber of tau, \
         M_2/tau): dimensions over F_2, computed by adams (the generators of the minimal \
         resolution of M_2)\nstem,s,t,w,dim\n"
    );
    for ((n, s, w), dim) in ctau(&res, max_stem, max_s) {
        text.push_str(&format!("{n},{s},{},{w},{dim}\n", n + s as i32));
    }
    write(&output.join("ctau.csv"), text.as_bytes())?;
    write(&output.join("chart.svg"), drawn.svg().as_bytes())?;
    write(&output.join("chart-chow.svg"), drawn.svg_chow().as_bytes())?;
    let rows = ascii_rows(&ext);
    if !plan.output.no_chart {
        let text = format!(
            "C-motivic Ext_(A^C)^(s,t,w)(M_2, M_2) of the sphere over F_2[tau], stem <= \
             {max_stem}, s <= {max_s}\nmark = generators at (stem, s) over all weights: . for 0, \
             1-9, * for 10 or more\n\n{}",
            chart::ascii::render(&rows, 0, max_stem, max_s)
        );
        let _ = std::io::stdout().lock().write_all(text.as_bytes());
    }
    if !plan.quiet {
        let usage = usage::current().since(&start.usage);
        let torsion = ext.summands.iter().filter(|x| x.torsion.is_some()).count();
        eprintln!(
            "resolved S_2 C-motivically through stem {max_stem}, s <= {max_s} in {:.2} s (CPU \
             {:.2} s, peak memory {:.1} MB): {} generators over F_2[tau], {torsion} of them \
             tau-torsion; wrote {}, generators.csv, ctau.csv and the charts",
            start.at.elapsed().as_secs_f64(),
            usage.cpu.as_secs_f64(),
            usage.peak_rss_bytes as f64 / 1e6,
            ext.summands.len(),
            output.join("ext.csv").display()
        );
    }
    Ok(())
}

/// The chart of `ext`: its summands as classes, their products by `h_0, h_1, h_2`.
fn chart_of(ext: &MotivicExt) -> MotivicChart {
    let mut classes: Vec<MotivicClass> = ext
        .summands
        .iter()
        .map(|x| {
            let b = x.bidegree;
            let known = |i: u32| {
                let (n, s) = (b.n() + (1 << i) - 1, b.s() + 1);
                (n <= ext.max_stem && s <= ext.max_s).then(Vec::new)
            };
            MotivicClass {
                stem: b.n(),
                s: b.s(),
                weight: x.weight,
                torsion: x.torsion,
                products: [known(0), known(1), known(2)],
            }
        })
        .collect();
    for p in &ext.products {
        if let Some(terms) = &mut classes[p.from].products[p.h as usize] {
            terms.extend(p.to.iter().copied());
        }
    }
    // By stem, then s, then weight (highest first), the products renumbered.
    let mut order: Vec<usize> = (0..classes.len()).collect();
    order.sort_by_key(|&k| (classes[k].stem, classes[k].s, -classes[k].weight, k));
    let mut position = vec![0; order.len()];
    for (j, &k) in order.iter().enumerate() {
        position[k] = j;
    }
    let sorted = order
        .iter()
        .map(|&k| {
            let mut c = classes[k].clone();
            for terms in c.products.iter_mut().flatten() {
                for term in terms.iter_mut() {
                    term.0 = position[term.0];
                }
                terms.sort();
            }
            c
        })
        .collect();
    MotivicChart {
        title: format!(
            "C-motivic Adams E2 of the sphere, Ext over A^C as an F_2[τ]-module, stem ≤ {}, s ≤ {}",
            ext.max_stem, ext.max_s
        ),
        max_stem: ext.max_stem,
        max_s: ext.max_s,
        classes: sorted,
    }
}

/// The number of generators at each (stem, s), for the ASCII chart.
fn ascii_rows(ext: &MotivicExt) -> Vec<chart::csv::Row> {
    let mut counts = std::collections::BTreeMap::new();
    for x in &ext.summands {
        *counts.entry((x.bidegree.n(), x.bidegree.s())).or_insert(0) += 1;
    }
    counts
        .into_iter()
        .map(|((n, s), dim)| chart::csv::Row {
            bidegree: chart::Bidegree::n_s(n, s),
            dim,
        })
        .collect()
}

/// A line on stderr every 5 s of a long run (unless `--quiet`): the anti-diagonal `s + t`
/// reached.
struct Progress {
    quiet: bool,
    last: std::time::Instant,
}

impl Progress {
    const EVERY: std::time::Duration = std::time::Duration::from_secs(5);

    fn new(quiet: bool) -> Self {
        Progress {
            quiet,
            last: std::time::Instant::now(),
        }
    }

    fn diagonal(&mut self, k: i32, of: i32) {
        if !self.quiet && k < of && self.last.elapsed() >= Self::EVERY {
            self.last = std::time::Instant::now();
            eprintln!("resolving C-motivically: s + t = {k} of {of} done");
        }
    }
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    chart::output::write_atomic(path, bytes).map_err(|source| Error::Write {
        path: path.to_path_buf(),
        source,
    })
}
