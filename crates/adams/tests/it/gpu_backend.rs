//! `--backend gpu --verify` end to end (wgpu, as built with the `gpu` feature alone) on
//! whatever Vulkan device wgpu finds — in CI, Mesa's software rasterizer (lavapipe;
//! `scripts/test.sh` installs it). Built only with the `gpu` feature:
//! `cargo test -p adams --features gpu --test it gpu_backend::`.

use std::fs;
use std::process::Command;

/// Runs `adams resolve S_2` to stem 25, `s ≤ 12`, into `out` with `extra` flags and the
/// device thresholds lowered so that nearly every build and many row reductions run on
/// the device (`ADAMS_VERIFY_SAMPLE` unset); fails the test unless it succeeds. Returns
/// its stderr.
fn resolve_s2(out: &std::path::Path, extra: &[&str]) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_adams"))
        .args([
            "resolve",
            "S_2",
            "--max-stem",
            "25",
            "--max-s",
            "12",
            "--no-chart",
        ])
        .arg("--output")
        .arg(out)
        .args(extra)
        .env("ADAMS_GPU_MIN_WORK", "1")
        .env("ADAMS_GPU_RREF_MIN", "16")
        .env_remove("ADAMS_VERIFY_SAMPLE")
        .output()
        .expect("cannot start adams");
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(o.status.success(), "adams {extra:?} failed: {err}");
    err
}

/// S_2 to stem 25 with the thresholds lowered so that nearly every Nassau build and many
/// row reductions run on the device, each redone on the CPU (`--verify`): the run must
/// succeed and its ext.csv must be byte-identical to a CPU run's.
#[test]
fn a_verified_gpu_run_equals_the_cpu_run() {
    let dir = tempfile::tempdir().unwrap();
    let (cpu, gpu) = (dir.path().join("cpu"), dir.path().join("gpu"));
    resolve_s2(&cpu, &[]);
    let err = resolve_s2(&gpu, &["--backend", "gpu", "--verify"]);
    assert!(err.contains("every one verified against the CPU"), "{err}");
    let (a, b) = (
        fs::read(cpu.join("ext.csv")).unwrap(),
        fs::read(gpu.join("ext.csv")).unwrap(),
    );
    assert!(a.len() > 200, "ext.csv too small to test anything");
    assert_eq!(a, b, "ext.csv of the GPU run differs from the CPU run's");
    let summary: serde_json::Value =
        serde_json::from_slice(&fs::read(gpu.join("summary.json")).unwrap()).unwrap();
    assert_eq!(summary["verify"], true, "{summary}");
    assert_eq!(
        summary["sampled_builds"], summary["offloaded_builds"],
        "--verify checks every build: {summary}"
    );
    assert_eq!(
        summary["sampled_reductions"], summary["offloaded_reductions"],
        "{summary}"
    );
    assert!(
        summary["backend"]
            .as_str()
            .unwrap_or("")
            .starts_with("gpu ("),
        "{summary}"
    );
    assert!(
        summary["peak_device_bytes"].as_u64().unwrap_or(0) > 0,
        "no device memory used: nothing offloaded? {summary}"
    );
    assert!(
        summary["offloaded_builds"].as_u64().unwrap_or(0) > 100,
        "too few builds offloaded: {summary}"
    );
    assert!(
        summary["offloaded_reductions"].as_u64().unwrap_or(0) > 10,
        "too few row reductions offloaded: {summary}"
    );
}

/// The same run without `--verify`: by default a sample of the offloaded calls is redone
/// on the CPU, and summary.json says how many.
#[test]
fn a_gpu_run_checks_a_sample_by_default() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("gpu");
    let err = resolve_s2(&out, &["--backend", "gpu"]);
    assert!(err.contains("redone on the CPU and matching"), "{err}");
    let summary: serde_json::Value =
        serde_json::from_slice(&fs::read(out.join("summary.json")).unwrap()).unwrap();
    assert_eq!(summary["verify"], false, "{summary}");
    assert!(
        summary["verify_sample"]
            .as_f64()
            .is_some_and(|f| f > 0.0 && f < 1.0),
        "{summary}"
    );
    let sampled = summary["sampled_builds"].as_u64().unwrap_or(0)
        + summary["sampled_reductions"].as_u64().unwrap_or(0);
    let offloaded = summary["offloaded_builds"].as_u64().unwrap_or(0)
        + summary["offloaded_reductions"].as_u64().unwrap_or(0);
    assert!(
        sampled > 0 && sampled < offloaded,
        "sampled {sampled} of {offloaded} calls: {summary}"
    );
}

/// The classical algorithm offloads through the same interface: `--algorithm classical
/// --backend wgpu --verify` with low thresholds must succeed, offload builds and
/// reductions, and write the ext.csv of the classical CPU run byte for byte.
#[test]
fn a_verified_classical_wgpu_run_equals_the_cpu_run() {
    let dir = tempfile::tempdir().unwrap();
    let (cpu, gpu) = (dir.path().join("cpu"), dir.path().join("wgpu"));
    resolve_s2(&cpu, &["--algorithm", "classical"]);
    let err = resolve_s2(
        &gpu,
        &["--algorithm", "classical", "--backend", "wgpu", "--verify"],
    );
    assert!(err.contains("every one verified against the CPU"), "{err}");
    let (a, b) = (
        fs::read(cpu.join("ext.csv")).unwrap(),
        fs::read(gpu.join("ext.csv")).unwrap(),
    );
    assert!(a.len() > 200, "ext.csv too small to test anything");
    assert_eq!(
        a, b,
        "ext.csv of the classical wgpu run differs from the CPU run's"
    );
    let summary: serde_json::Value =
        serde_json::from_slice(&fs::read(gpu.join("summary.json")).unwrap()).unwrap();
    for kind in ["builds", "reductions"] {
        let offloaded = summary[format!("offloaded_{kind}")].as_u64().unwrap_or(0);
        assert!(offloaded > 10, "too few {kind} offloaded: {summary}");
        assert_eq!(
            summary[format!("sampled_{kind}")].as_u64(),
            Some(offloaded),
            "--verify checks every one: {summary}"
        );
    }
}

/// Fails the test unless the runs in `cpu` and `gpu` wrote the same ext.csv (of some
/// size); returns the `gpu` run's summary.json.
fn same_chart(cpu: &std::path::Path, gpu: &std::path::Path) -> serde_json::Value {
    let a = fs::read(cpu.join("ext.csv")).unwrap();
    assert!(a.len() > 200, "ext.csv too small to test anything");
    let b = fs::read(gpu.join("ext.csv")).unwrap();
    assert!(a == b, "ext.csv of {gpu:?} differs from the CPU run's");
    serde_json::from_slice(&fs::read(gpu.join("summary.json")).unwrap()).unwrap()
}

/// `--gpus 3` on wgpu: three logical devices on the adapter, the master sharded by `R`;
/// with `--verify` the chart must be the CPU's byte for byte and every device must have
/// taken part (its own peak memory above zero).
#[test]
fn three_logical_devices_give_the_cpu_chart() {
    let dir = tempfile::tempdir().unwrap();
    let (cpu, gpu) = (dir.path().join("cpu"), dir.path().join("gpus3"));
    resolve_s2(&cpu, &[]);
    let err = resolve_s2(&gpu, &["--backend", "gpu", "--gpus", "3", "--verify"]);
    assert!(err.contains("every one verified against the CPU"), "{err}");
    let summary = same_chart(&cpu, &gpu);
    let each = summary["peak_device_bytes_each"]
        .as_array()
        .unwrap_or_else(|| panic!("no peak_device_bytes_each: {summary}"));
    assert_eq!(each.len(), 3, "{summary}");
    assert!(
        each.iter().all(|b| b.as_u64().unwrap_or(0) > 0),
        "a device took no part: {summary}"
    );
}

/// `--gpu-memory` and `--host-memory`: a verified run on two devices under 1 MiB of each
/// keeps its peaks within them (summary.json) and writes the CPU's chart; a device budget
/// that cannot hold the resident tables of the range (the Milnor basis through degree
/// 204 is about 11 MB) stops with exit 2 naming the budget, and writes nothing.
#[test]
fn memory_budgets_bound_the_peaks_and_a_hopeless_one_stops_cleanly() {
    let dir = tempfile::tempdir().unwrap();
    let (cpu, fit) = (dir.path().join("cpu"), dir.path().join("fit"));
    resolve_s2(&cpu, &[]);
    let budgets = [
        "--backend",
        "gpu",
        "--gpus",
        "2",
        "--verify",
        "--gpu-memory",
        "1",
        "--host-memory",
        "1",
    ];
    resolve_s2(&fit, &budgets);
    let summary = same_chart(&cpu, &fit);
    let device = summary["peak_device_bytes"].as_u64().unwrap_or(0);
    let host = summary["peak_host_bytes"].as_u64().unwrap_or(0);
    assert!(device > 0 && device <= 1 << 20, "{summary}");
    assert!(host > 0 && host <= 1 << 20, "{summary}");

    let stopped = dir.path().join("stopped");
    let o = Command::new(env!("CARGO_BIN_EXE_adams"))
        .args(["resolve", "S_2", "--max-stem", "200", "--max-s", "4"])
        .arg("--output")
        .arg(&stopped)
        .args(["--backend", "gpu", "--gpu-memory", "1"])
        .output()
        .expect("cannot start adams");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("--gpu-memory 1 MiB is too small: the resident Milnor basis"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(!stopped.join("ext.csv").exists());
}
