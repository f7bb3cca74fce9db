//! The bidegree graph of a run: which step each bidegree takes and what it waits for.
//!
//! Nodes: every `(s, t)` with `s ≤ max_s` and `min_degree ≤ t − s ≤ max_stem` ("full"
//! steps, which add generators), plus "kernel-only" classical steps at stem
//! `max_stem + 1` where a classical full step needs `ker(d_s)_t` from there.
//!
//! Edges (the relaxed graph, docs/design/system.md §3, scheduling bidegrees): `(s, t)`
//! waits for `(s, t−1)` (its own row through `t − 1`) and `(s−1, t−1)` (the row below
//! through `t − 1`, and transitively `(s−2, t−2)`). A Nassau step reads nothing else (it treats `C_{s−1}` as having no
//! generators in degree `≥ t` and `C_{s−2}` none in degree `≥ t − 1`). A classical step
//! in row `s ≥ 1` also waits for `(s−1, t)`, whose kernel it uses: rows 0 and 1 always,
//! every row under `--algorithm classical`.

use crate::bidegree::Bidegree;
use crate::classical::StepKind;
use crate::scheduler::Graph;
use crate::{Algorithm, ResolutionConfig};

/// Which step a bidegree runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepPlan {
    /// [`crate::classical::step`].
    Classical {
        /// Full, or kernel only.
        kind: StepKind,
        /// Whether the step must also hand on `ker(d_s)_t`.
        want_kernel: bool,
    },
    /// [`crate::nassau::step`].
    Nassau,
}

/// One node of the bidegree graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BidegreeNode {
    /// Where.
    pub bidegree: Bidegree,
    /// The step it runs.
    pub plan: StepPlan,
    /// The node whose kernel this classical step consumes.
    pub kernel_from: Option<usize>,
}

impl BidegreeNode {
    /// Whether the step adds generators (is not kernel-only).
    pub fn is_full(&self) -> bool {
        !matches!(
            self.plan,
            StepPlan::Classical {
                kind: StepKind::KernelOnly,
                ..
            }
        )
    }
}

/// The nodes of a run and their dependencies.
pub struct Plan {
    /// All nodes.
    pub nodes: Vec<BidegreeNode>,
    /// `deps[i]`: the nodes node `i` waits for.
    pub deps: Vec<Vec<usize>>,
    min_stem: i32,
    max_stem: i32,
}

impl Plan {
    /// The scheduler's graph.
    pub fn graph(&self) -> Graph {
        Graph::new(self.nodes.len(), |i| self.deps[i].clone())
    }

    /// Index of `b`'s stem in [`Plan::nodes_by_stem`].
    pub fn stem_index(&self, b: Bidegree) -> usize {
        (b.n() - self.min_stem) as usize
    }

    /// The lowest stem of a node.
    pub fn min_stem(&self) -> i32 {
        self.min_stem
    }

    /// Number of nodes at each stem `min_stem..=max_stem + 1`.
    pub fn nodes_by_stem(&self) -> Vec<usize> {
        let mut counts = vec![0; (self.max_stem + 2 - self.min_stem).max(0) as usize];
        for n in &self.nodes {
            counts[self.stem_index(n.bidegree)] += 1;
        }
        counts
    }
}

/// The bidegree graph for `config`, a module with bottom cell in `min_degree`, and
/// `algorithm`.
pub fn plan(config: ResolutionConfig, min_degree: i32, algorithm: Algorithm) -> Plan {
    let max_s = config.max_s;
    let max_stem = config.max_stem;
    let classical_row = |s: u32| algorithm == Algorithm::Classical || s <= 1;
    let mut nodes = Vec::new();
    // index[s][stem - min_degree] for stems min_degree..=max_stem + 1.
    let width = (max_stem + 2 - min_degree).max(0) as usize;
    let mut index = vec![vec![usize::MAX; width]; max_s as usize + 1];
    for s in 0..=max_s {
        let next_classical = s < max_s && classical_row(s + 1);
        for stem in min_degree..=max_stem + 1 {
            let plan = if stem <= max_stem {
                if classical_row(s) {
                    StepPlan::Classical {
                        kind: StepKind::Full,
                        want_kernel: next_classical,
                    }
                } else {
                    StepPlan::Nassau
                }
            } else if next_classical {
                StepPlan::Classical {
                    kind: StepKind::KernelOnly,
                    want_kernel: true,
                }
            } else {
                continue;
            };
            index[s as usize][(stem - min_degree) as usize] = nodes.len();
            nodes.push(BidegreeNode {
                bidegree: Bidegree::n_s(stem, s),
                plan,
                kernel_from: None,
            });
        }
    }
    let find = |s: i64, stem: i32| -> Option<usize> {
        if s < 0 || stem < min_degree {
            return None;
        }
        let i = *index.get(s as usize)?.get((stem - min_degree) as usize)?;
        (i != usize::MAX).then_some(i)
    };
    let mut deps = vec![Vec::new(); nodes.len()];
    for (i, node) in nodes.iter_mut().enumerate() {
        let (s, stem) = (i64::from(node.bidegree.s()), node.bidegree.n());
        // (s, t−1) and (s−1, t−1).
        deps[i].extend(find(s, stem - 1));
        deps[i].extend(find(s - 1, stem));
        if let StepPlan::Classical {
            kind: StepKind::Full,
            ..
        } = node.plan
        {
            if s >= 1 {
                let k = find(s - 1, stem + 1).expect("a classical step's kernel node exists");
                node.kernel_from = Some(k);
                deps[i].push(k);
            }
        }
    }
    Plan {
        nodes,
        deps,
        min_stem: min_degree,
        max_stem,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nassau_rows_wait_only_for_the_relaxed_edges() {
        let p = plan(
            ResolutionConfig {
                max_stem: 10,
                max_s: 5,
            },
            0,
            Algorithm::Nassau,
        );
        for (i, n) in p.nodes.iter().enumerate() {
            if n.plan == StepPlan::Nassau {
                let (s, t) = (n.bidegree.s(), n.bidegree.t());
                let want: Vec<Bidegree> = [Bidegree::s_t(s, t - 1), Bidegree::s_t(s - 1, t - 1)]
                    .into_iter()
                    .filter(|b| b.n() >= 0)
                    .collect();
                let got: Vec<Bidegree> = p.deps[i].iter().map(|&d| p.nodes[d].bidegree).collect();
                assert_eq!(got, want, "node {n:?}");
            }
        }
        // Kernel-only nodes only for row 0 (row 1 is the last classical row).
        assert!(p
            .nodes
            .iter()
            .filter(|n| !n.is_full())
            .all(|n| n.bidegree == Bidegree::s_t(0, 11)));
    }

    #[test]
    fn classical_rows_take_the_kernel_from_the_row_below() {
        let p = plan(
            ResolutionConfig {
                max_stem: 6,
                max_s: 3,
            },
            0,
            Algorithm::Classical,
        );
        for n in &p.nodes {
            if n.bidegree.s() >= 1 && n.is_full() {
                let k = p.nodes[n.kernel_from.expect("kernel")];
                assert_eq!(Some(k.bidegree), n.bidegree.below());
            }
        }
        // Kernel-only nodes at stem 7 for s = 0, 1, 2.
        let mut ko: Vec<Bidegree> = p
            .nodes
            .iter()
            .filter(|n| !n.is_full())
            .map(|n| n.bidegree)
            .collect();
        ko.sort();
        assert_eq!(ko, [0, 1, 2].map(|s| Bidegree::n_s(7, s)));
    }
}
