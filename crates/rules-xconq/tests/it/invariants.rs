//! The invariants of spec §18.3, checked on a game's state, and the fog rule
//! of §11.8 checked on a seat's view.

use xconq::view::View;
use xconq::Game;

/// Legal cells, capacities, ACP, supplies, orders of stacks.
pub fn check(g: &Game) {
    let (r, s) = (&g.rules, &g.state);
    for u in s.units.iter().skip(1).filter(|u| u.hp > 0 && !u.flushed) {
        // A module's unit placed outside its area (a map cut from a bigger
        // one: `ww2s-pac-41`) never enters play: it stays off the world at
        // (-1, -1), in no stack and no transport, as setup leaves it.
        if (u.x, u.y) == (-1, -1) && u.transport == 0 && u.occupants.is_empty() {
            assert!(
                s.stacks.iter().all(|st| !st.contains(&u.id)),
                "unit {} off the world is in a stack",
                u.id
            );
            continue;
        }
        assert!(
            s.area.in_area(u.x, u.y),
            "unit {} at ({}, {})",
            u.id,
            u.x,
            u.y
        );
        if u.actor {
            assert!(u.acp >= r.u.acp_min[u.utype], "unit {} acp {}", u.id, u.acp);
        }
        // Only the end phase's base consumption takes a supply below zero
        // (spec §10.6 subtracts without a floor, as kernel/economy.c does;
        // the unit may then starve, §10.7); every other use stops at zero.
        for m in 0..r.nm() {
            assert!(
                u.supply[m] >= 0 || r.t.base_consumption.get(u.utype, m) > 0,
                "unit {} supply {:?}",
                u.id,
                u.supply
            );
        }
        if u.transport != 0 {
            let t = s.unit(u.transport);
            assert!(
                t.occupants.contains(&u.id),
                "unit {} not listed by {}",
                u.id,
                t.id
            );
            assert_eq!((t.x, t.y), (u.x, u.y));
        } else {
            assert!(
                s.stacks[s.area.index(u.x, u.y)].contains(&u.id),
                "unit {} not in its stack",
                u.id
            );
        }
    }
    for stack in &s.stacks {
        let size: i32 = stack
            .iter()
            .map(|&id| r.t.unit_size_in_terrain.get(s.unit(id).utype, 0).min(16))
            .sum();
        assert!(size <= 16 * 16);
        let keys: Vec<_> = stack
            .iter()
            .map(|&id| (s.unit(id).side, s.unit(id).utype, id))
            .collect();
        let mut sorted = keys.clone();
        sorted.sort();
        assert_eq!(keys, sorted, "a stack out of order");
        assert!(stack.iter().all(|&id| s.unit(id).hp > 0));
    }
}

/// No unit of another side reaches the view unless the side holds a view of
/// it, and no own unit off the world does; with the `see-all` option (every side sees everything, D14) the view
/// shows instead every unit of the other sides in the world where it is.
pub fn no_fog_leak(g: &Game, v: &View, side: usize) {
    let vision = &g.state.sides[side].vision;
    if g.rules.globals.see_all {
        let s = &g.state;
        let others = s
            .units
            .iter()
            .skip(1)
            .filter(|u| u.hp > 0 && !u.flushed && u.side != side && s.area.in_area(u.x, u.y))
            .count();
        assert_eq!(
            v.units.len(),
            others,
            "see-all: side {side} sees every other unit"
        );
        for u in &v.units {
            let t = s.unit(u.id);
            assert_eq!(
                (t.side, t.x, t.y, t.transport, v.turn),
                (u.side, u.x, u.y, u.transport, u.date),
                "see-all: side {side} sees unit {} as it is",
                u.id
            );
        }
        assert!(
            v.terrain.iter().all(|row| !row.contains('?')),
            "see-all: all terrain"
        );
    }
    for u in v.units.iter().filter(|_| !g.rules.globals.see_all) {
        assert!(
            vision.views.contains_key(&u.id),
            "side {side} sees unit {} it has no view of",
            u.id
        );
    }
    for u in &v.own {
        assert_eq!(
            g.state.unit(u.id).side,
            side,
            "side {side} is shown unit {} in full",
            u.id
        );
        // A module's unit outside its area (`ww2s-pac-41` cuts the Pacific
        // out of `earth-1deg`) never plays, so no seat is shown it.
        assert!(
            g.state.area.in_area(u.x, u.y),
            "side {side} is shown unit {} off the world",
            u.id
        );
    }
}
