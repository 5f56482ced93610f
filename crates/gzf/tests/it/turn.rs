//! The rules arithmetic of `gzf::rules` composed into one played turn, the
//! way a rules crate would wire it: spec §9.3 must turn the §9.1 fixture
//! into the §9.4 file byte for byte. Also spec §8 example 10 (fire control).

use crate::common;
use common::*;
use gzf::ft2::values::{DamageStatus, Status, Value};
use gzf::ft2::view::Ship;
use gzf::ft2::{BlockKind, Ft2Block, Ft2File};
use gzf::rules::damage::{checks, mark, threshold_checks, CheckedSystem};
use gzf::rules::fire::{fire_step, in_play, FireNote, Order, Shot};
use gzf::rules::movement::move_ship;

/// A dice source over a fixed sequence that counts what it hands out.
struct Dice<'a> {
    seq: &'a [u8],
    used: usize,
}

impl Dice<'_> {
    fn roll(&mut self) -> u8 {
        let d = self.seq[self.used];
        self.used += 1;
        d
    }
}

fn set_damage(block: &mut Ft2Block, damage: Option<DamageStatus>) {
    let mut status = match block.get("Status") {
        Some(Value::Status(s)) => *s,
        _ => Status::default(),
    };
    status.damage = damage;
    block.set("Status", Value::Status(status));
}

/// Plays one turn (spec §7.1 steps 2–5) and returns the fire orders.
fn play(file: &mut Ft2File, dice: &mut Dice) -> Vec<Order> {
    let mut ships: Vec<Ship> = file.ships();
    for s in ships.iter_mut().filter(|s| in_play(s)) {
        let out = move_ship(
            s.position.unwrap(),
            s.course.unwrap(),
            s.velocity.unwrap(),
            s.thrust_rating.unwrap(),
            &s.move_order,
        );
        s.position = Some(out.position);
        s.course = Some(out.course);
        s.velocity = Some(out.velocity);
    }
    let (damage, orders) = fire_step(&ships, &mut || dice.roll());
    // Damage step in file order (it draws dice), applied afterwards in
    // reverse so inserted Drive blocks do not shift blocks still to write.
    let mut results = Vec::new();
    for (i, s) in ships.iter().enumerate().filter(|(_, s)| in_play(s)) {
        let track = s.damage_track.clone().unwrap();
        let (after, destroyed) = mark(&track, damage[i]);
        let fail_on = if destroyed {
            Vec::new()
        } else {
            checks(&track, track.checked, after.checked)
        };
        let systems: Vec<CheckedSystem> = s
            .systems
            .iter()
            .map(|x| CheckedSystem {
                is_drive: x.kind == "Drive",
                damage: x.status.damage,
            })
            .collect();
        let out = threshold_checks(&systems, s.thrust_rating.unwrap(), &fail_on, &mut || {
            dice.roll()
        });
        results.push((i, after, destroyed, out));
    }
    for (i, track, destroyed, out) in results.into_iter().rev() {
        let s = &ships[i];
        let b = &mut file.blocks[s.block];
        b.set("Course", Value::Clock(s.course.unwrap()));
        b.set("Velocity", Value::Int(s.velocity.unwrap()));
        b.set("Position-X", Value::Decimal(s.position.unwrap().x));
        b.set("Position-Y", Value::Decimal(s.position.unwrap().y));
        b.set("Thrust-Rating", Value::Int(out.thrust));
        b.set("Damage-Track", Value::Track(track));
        if destroyed {
            set_damage(b, Some(DamageStatus::Destroyed));
        }
        for (sys, new) in s.systems.iter().zip(&out.systems) {
            if *new != sys.status.damage {
                set_damage(&mut file.blocks[sys.block], *new);
            }
        }
        if let Some(drive) = out.new_drive {
            let mut block = Ft2Block::new(BlockKind::System, Value::Word("Drive".into()));
            set_damage(&mut block, Some(drive));
            file.insert_component(s.block, block);
        }
    }
    for s in file.ships().iter().rev() {
        file.blocks[s.block].remove("Move");
        file.blocks[s.block].remove("Orders");
        for sys in &s.systems {
            file.blocks[sys.block].remove("Orders");
        }
    }
    let scenario = file.first(BlockKind::Scenario).unwrap();
    let turn = file.turn().unwrap();
    file.blocks[scenario].set("Turn", Value::Int(turn + 1));
    orders
}

#[test]
fn fixture_turn_1_plays_to_the_turn_2_file() {
    let _corpus = testkit::require_shared!("specs/gzf-ft2.md");
    let mut file = read(&spec_fixture("### 9.1")).file;
    let stream = [
        4, 6, 5, 3, 6, 6, 5, 4, 5, 1, 6, 2, 4, 5, 6, 2, 6, 1, 3, 6, 4, 4, 1, 5, 2, 6,
    ];
    let mut dice = Dice {
        seq: &stream,
        used: 0,
    };
    let orders = play(&mut file, &mut dice);
    assert_eq!(dice.used, 26, "all 26 dice are used");
    let refused: Vec<FireNote> = orders
        .iter()
        .filter_map(|o| match o.shot {
            Shot::Refused(n) => Some(n),
            _ => None,
        })
        .collect();
    assert_eq!(refused, [FireNote::NotInArc]);
    assert_eq!(file.to_canonical(), spec_fixture("### 9.4"));
}

#[test]
fn extent_for_note_n410() {
    let _corpus = testkit::require_shared!("specs/gzf-ft2.md");
    use gzf::rules::geometry::Position;
    let file = read(&spec_fixture("### 9.1")).file;
    assert_eq!(
        file.extent(),
        Some((Position::new(-6000, -6000), Position::new(6000, 6000)))
    );
    assert!(!file.outside_extent(Position::new(6000, -6000)));
    assert!(file.outside_extent(Position::new(6001, 0)));
    let open = read(&format!("{HEADER}Scenario: S\nTurn: 1\n")).file;
    assert!(!open.outside_extent(Position::new(1 << 40, 0)));
}

/// Spec §8 example 10: ship at the origin, course 12, X fore, Y port.
fn fire_control(firecons: usize, y_at: &str, b_target: &str) -> Vec<Shot> {
    let firecon = "System: FireCon\n".repeat(firecons);
    let text = format!(
        "{HEADER}Ship: Me\nCourse: 12\nVelocity: 0\nPosition-X: 0.00\nPosition-Y: 0.00\nThrust-Rating: 2\nDamage-Track: OO\n\
         System: A Battery\nFiring-Arc: F P S\nOrders: Fire at X\n\
         System: B Battery\nFiring-Arc: F P A\nOrders: Fire at {b_target}\n{firecon}\n\
         Ship: X\nCourse: 1\nVelocity: 0\nPosition-X: 0.00\nPosition-Y: 10.00\nThrust-Rating: 2\nDamage-Track: OO\n\n\
         Ship: Y\nCourse: 1\nVelocity: 0\n{y_at}\nThrust-Rating: 2\nDamage-Track: OO\n"
    );
    let r = read(&text);
    assert!(!r.has_errors(), "{:?}", r.diagnostics);
    gzf::rules::fire::plan_fire(&r.file.ships(), 0)
        .into_iter()
        .map(|o| o.shot)
        .collect()
}

#[test]
fn example_10_fire_control() {
    let port = "Position-X: -10.00\nPosition-Y: 0.00";
    let fore = "Position-X: 3.00\nPosition-Y: 10.00";
    let x = Shot::Fires { target: 1, dice: 3 };
    assert_eq!(
        fire_control(1, port, "Y"),
        [x.clone(), Shot::Refused(FireNote::NoFireControl)]
    );
    assert_eq!(
        fire_control(2, port, "Y"),
        [x.clone(), Shot::Fires { target: 2, dice: 2 }]
    );
    assert_eq!(
        fire_control(2, fore, "Y"),
        [x.clone(), Shot::Refused(FireNote::SameArc)]
    );
    assert_eq!(
        fire_control(1, fore, "x"),
        [x, Shot::Fires { target: 1, dice: 2 }]
    );
}
