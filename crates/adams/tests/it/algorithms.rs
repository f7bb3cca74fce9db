//! The two algorithms, classical and Nassau's, give the same Ext table for every
//! bundled module (found by name, without --modules-dir) through stem 40.

use crate::common;

use common::*;

#[test]
fn classical_and_nassau_agree_on_every_bundled_module_through_stem_40() {
    for name in ["S_2", "C2", "Ceta", "Cnu", "Csigma", "Joker"] {
        let classical_dir = tempfile::tempdir().unwrap();
        let nassau_dir = tempfile::tempdir().unwrap();
        let (classical, _) = resolve(
            name,
            40,
            20,
            classical_dir.path(),
            &["--no-chart", "--algorithm", "classical"],
        );
        let (nassau, _) = resolve(
            name,
            40,
            20,
            nassau_dir.path(),
            &["--no-chart", "--algorithm", "nassau"],
        );
        let diff = differences(&nassau, &classical, 40, 20);
        assert!(
            diff.is_empty(),
            "{name}: (stem, s, nassau, classical): {diff:?}"
        );
        assert_eq!(classical.dims.get(&(0, 0)), Some(&1), "{name}: Ext^(0,0)");

        // Byte for byte, but for the algorithm's name on the first line.
        let text =
            |dir: &tempfile::TempDir| std::fs::read_to_string(dir.path().join("ext.csv")).unwrap();
        let (c, n) = (text(&classical_dir), text(&nassau_dir));
        assert!(
            c.lines()
                .next()
                .unwrap()
                .ends_with("computed by adams (classical)"),
            "{name}"
        );
        assert!(
            n.lines()
                .next()
                .unwrap()
                .ends_with("computed by adams (nassau)"),
            "{name}"
        );
        assert_eq!(
            c.lines().skip(1).collect::<Vec<_>>(),
            n.lines().skip(1).collect::<Vec<_>>(),
            "{name}"
        );
    }
}
