//! Damage and threshold arithmetic (spec §7.5): marking damage on a track,
//! which thresholds a turn's damage reaches, their failure numbers, and
//! the checks themselves including the drive.

use crate::ft2::values::{DamageStatus, DamageTrack};

/// The track after `points` of damage, and whether the ship is destroyed
/// (no open box left). Damage beyond the last box is lost.
pub fn mark(track: &DamageTrack, points: u32) -> (DamageTrack, bool) {
    let mut t = track.clone();
    t.checked = (t.checked + points).min(t.total());
    let destroyed = t.remaining() == 0;
    (t, destroyed)
}

/// Failure number of threshold `k` (1-based) on a track of `rows` rows:
/// the last threshold fails on 4+, earlier ones on max(4, 7 − k).
pub fn failure_number(rows: usize, k: usize) -> u8 {
    if k + 1 >= rows {
        4
    } else {
        (7 - k.min(3)) as u8
    }
}

/// The failure numbers of the checks this damage triggers, lowest
/// threshold first: threshold k is checked when before < end of row k ≤
/// after. A track with n rows has n − 1 thresholds (row ends).
pub fn checks(track: &DamageTrack, before: u32, after: u32) -> Vec<u8> {
    let rows = track.rows.len();
    let mut end = 0;
    let mut out = Vec::new();
    for (i, &len) in track.rows.iter().enumerate().take(rows.saturating_sub(1)) {
        end += len;
        if before < end && end <= after {
            out.push(failure_number(rows, i + 1));
        }
    }
    out
}

/// A system as the threshold checks see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckedSystem {
    pub is_drive: bool,
    pub damage: Option<DamageStatus>,
}

/// The result of a ship's threshold checks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChecksOutcome {
    /// New damage status of each system, in the order given.
    pub systems: Vec<Option<DamageStatus>>,
    /// When the ship had no `Drive` block: the implicit drive's status if
    /// it failed, i.e. the status of the `System: Drive` block to create.
    pub new_drive: Option<DamageStatus>,
    pub thrust: i64,
}

/// Fails a damage status (spec §7.5): intact → Damaged, otherwise
/// Destroyed.
fn fail(status: Option<DamageStatus>) -> Option<DamageStatus> {
    match status {
        None => Some(DamageStatus::Damaged),
        _ => Some(DamageStatus::Destroyed),
    }
}

/// Runs the checks with failure numbers `fail_on`, one after another. In
/// each, every system that is intact or Repaired rolls in order; the drive
/// (the first `Drive` system, else an implicit one after all systems) also
/// rolls while Damaged. A drive's first failure halves the thrust (rounded
/// down), its second sets it to 0.
pub fn threshold_checks(
    systems: &[CheckedSystem],
    thrust: i64,
    fail_on: &[u8],
    roll: &mut dyn FnMut() -> u8,
) -> ChecksOutcome {
    let mut status: Vec<Option<DamageStatus>> = systems.iter().map(|s| s.damage).collect();
    let drive_at = systems.iter().position(|s| s.is_drive);
    let mut implicit: Option<DamageStatus> = None;
    let mut thrust = thrust;
    for &need in fail_on {
        let order = (0..systems.len())
            .map(Some)
            .chain(drive_at.is_none().then_some(None));
        for slot in order {
            let is_drive = slot.is_none() || slot == drive_at;
            let current = match slot {
                Some(i) => status[i],
                None => implicit,
            };
            let rolls = if is_drive {
                current != Some(DamageStatus::Destroyed)
            } else {
                matches!(current, None | Some(DamageStatus::Repaired))
            };
            if !rolls || roll() < need {
                continue;
            }
            let next = if is_drive && current.is_some() {
                Some(DamageStatus::Destroyed)
            } else {
                fail(current)
            };
            if is_drive {
                thrust = if next == Some(DamageStatus::Damaged) {
                    thrust / 2
                } else {
                    0
                };
            }
            match slot {
                Some(i) => status[i] = next,
                None => implicit = next,
            }
        }
    }
    ChecksOutcome {
        systems: status,
        new_drive: implicit,
        thrust,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use DamageStatus::*;

    fn track(rows: &[u32], checked: u32) -> DamageTrack {
        DamageTrack::new(rows.to_vec(), checked)
    }

    fn intact(n: usize) -> Vec<CheckedSystem> {
        vec![
            CheckedSystem {
                is_drive: false,
                damage: None
            };
            n
        ]
    }

    fn dice(seq: &[u8]) -> (impl FnMut() -> u8 + '_, std::rc::Rc<std::cell::Cell<usize>>) {
        let used = std::rc::Rc::new(std::cell::Cell::new(0));
        let u = used.clone();
        (
            move || {
                let d = seq[u.get()];
                u.set(u.get() + 1);
                d
            },
            used,
        )
    }

    #[test]
    fn failure_numbers_by_rows() {
        assert_eq!(failure_number(2, 1), 4);
        assert_eq!([1, 2].map(|k| failure_number(3, k)), [6, 4]);
        assert_eq!([1, 2, 3].map(|k| failure_number(4, k)), [6, 5, 4]);
        assert_eq!([1, 2, 3, 4].map(|k| failure_number(5, k)), [6, 5, 4, 4]);
        assert_eq!(
            [1, 2, 3, 4, 5].map(|k| failure_number(6, k)),
            [6, 5, 4, 4, 4]
        );
    }

    /// Spec §8 example 11: cruiser takes 5, one check on 6.
    #[test]
    fn example_11_threshold_on_a_cruiser() {
        let t = track(&[4, 4, 4], 0);
        let (after, destroyed) = mark(&t, 5);
        assert_eq!(
            (after.lines(), destroyed),
            (vec!["---- -OOO OOOO".to_string()], false)
        );
        assert_eq!(checks(&t, 0, 5), [6]);
        let (mut roll, used) = dice(&[3, 6, 1, 2, 6]);
        let out = threshold_checks(&intact(4), 6, &[6], &mut roll);
        assert_eq!(out.systems, [None, Some(Damaged), None, None]);
        assert_eq!(
            (out.new_drive, out.thrust, used.get()),
            (Some(Damaged), 3, 5)
        );
    }

    /// Spec §8 example 12: capital ship passes two thresholds.
    #[test]
    fn example_12_two_thresholds_on_a_capital() {
        let t = track(&[4, 4, 4, 4], 0);
        assert_eq!(mark(&t, 9).0.lines(), ["---- ---- -OOO OOOO"]);
        assert_eq!(checks(&t, 0, 9), [6, 5]);
        let (mut roll, used) = dice(&[6, 3, 2, 1, 5, 4, 6, 5, 4, 6, 1, 2, 5]);
        let out = threshold_checks(&intact(6), 4, &[6, 5], &mut roll);
        assert_eq!(
            out.systems,
            [
                Some(Damaged),
                Some(Damaged),
                None,
                Some(Damaged),
                None,
                None
            ]
        );
        assert_eq!(
            (out.new_drive, out.thrust, used.get()),
            (Some(Destroyed), 0, 13)
        );
    }

    /// Spec §8 example 13.
    #[test]
    fn example_13_at_past_and_destroyed() {
        let escort = track(&[4, 4], 0);
        assert_eq!(checks(&escort, 0, 4), [4]);
        let hit = track(&[4, 4], 5);
        assert_eq!(mark(&hit, 2).0.lines(), ["---- ---O"]);
        assert!(checks(&hit, 5, 7).is_empty());
        let cruiser = track(&[4, 4, 4], 10);
        let (after, destroyed) = mark(&cruiser, 3);
        assert_eq!(
            (after.lines(), destroyed),
            (vec!["---- ---- ----".to_string()], true)
        );
        let repaired = [CheckedSystem {
            is_drive: false,
            damage: Some(Repaired),
        }];
        let (mut roll, _) = dice(&[6, 1]);
        let out = threshold_checks(&repaired, 6, &[4], &mut roll);
        assert_eq!(out.systems, [Some(Destroyed)]);
    }

    #[test]
    fn a_drive_block_rolls_in_place_and_keeps_rolling_while_damaged() {
        let systems = [
            CheckedSystem {
                is_drive: true,
                damage: Some(Damaged),
            },
            CheckedSystem {
                is_drive: false,
                damage: Some(Damaged),
            },
            CheckedSystem {
                is_drive: false,
                damage: None,
            },
        ];
        let (mut roll, used) = dice(&[6, 1]);
        let out = threshold_checks(&systems, 3, &[4], &mut roll);
        assert_eq!(out.systems, [Some(Destroyed), Some(Damaged), None]);
        assert_eq!((out.new_drive, out.thrust, used.get()), (None, 0, 2));
    }
}
