//! Property tests: no input makes the readers panic, and random games keep
//! the board's invariants.

use engine::{GameRng, Ruleset, Seat, Setup};
use proptest::prelude::*;
use ttrts::format::{read_map, write_state};
use ttrts::orders::{parse_orders, Order};
use ttrts::{State, Ttrts};

fn tiny_text() -> String {
    write_state(&ttrts::maps::bundled("Medium4Player").unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn map_reader_never_panics_on_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = read_map(&bytes);
    }

    #[test]
    fn map_reader_never_panics_on_mutated_maps(cut in 0usize..600, at in 0usize..600, byte in any::<u8>()) {
        let mut bytes = tiny_text().into_bytes();
        if at < bytes.len() { bytes[at] = byte; }
        bytes.truncate(cut.max(1));
        if let Ok((state, _)) = read_map(&bytes) {
            // Whatever is accepted writes back to something readable.
            prop_assert!(read_map(write_state(&state).as_bytes()).is_ok());
        }
    }

    #[test]
    fn order_reader_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let _ = parse_orders(&bytes);
    }

    #[test]
    fn random_turns_keep_units_on_the_board(seed in any::<u64>(), raw in proptest::collection::vec((0u16..20, 0usize..6), 0..60)) {
        let mut state: State = ttrts::maps::bundled("Medium4Player").unwrap();
        let mut rng = GameRng::from_seed(seed);
        for chunk in raw.chunks(15) {
            let mut by_seat: Vec<(Seat, Vec<Order>)> = Ttrts.awaiting(&state).into_iter().map(|s| (s, vec![])).collect();
            for (i, &(unit, cmd)) in chunk.iter().enumerate() {
                if by_seat.is_empty() { break; }
                let k = i % by_seat.len();
                by_seat[k].1.push(Order { unit, command: b"FLRAX?"[cmd] });
            }
            let before = state.units.len();
            Ttrts.resolve(&mut state, &by_seat, &mut rng, None);
            prop_assert!(state.units.len() <= before);
            for u in &state.units {
                prop_assert!(state.on_board(u.pos));
            }
            let mut ids: Vec<u16> = state.units.iter().map(|u| u.id).collect();
            ids.sort_unstable();
            ids.dedup();
            prop_assert_eq!(ids.len(), state.units.len());
        }
    }
}

#[test]
fn a_saved_state_resumes_identically() {
    let setup = Setup {
        scenario: "Chess".into(),
        ..Setup::default()
    };
    let mut rng = GameRng::from_seed(3);
    let mut a = Ttrts.setup(&setup, &mut rng).unwrap();
    let mut bot = Ttrts.bot("random").unwrap();
    for _ in 0..10 {
        let orders: Vec<_> = Ttrts
            .awaiting(&a)
            .into_iter()
            .map(|s| (s, bot.orders(&Ttrts, &a, s, &mut rng)))
            .collect();
        Ttrts.resolve(&mut a, &orders, &mut rng, None);
    }
    let mut b: State = serde_json::from_str(&serde_json::to_string(&a).unwrap()).unwrap();
    let orders: Vec<_> = Ttrts
        .awaiting(&a)
        .into_iter()
        .map(|s| (s, bot.orders(&Ttrts, &a, s, &mut rng)))
        .collect();
    Ttrts.resolve(&mut a, &orders, &mut GameRng::from_seed(0), None);
    Ttrts.resolve(&mut b, &orders, &mut GameRng::from_seed(0), None);
    assert_eq!(write_state(&a), write_state(&b));
}
