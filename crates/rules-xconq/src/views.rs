//! What each side knows (spec §11.1): coverage, terrain view and unit views.
//!
//! Every side, side 0 included (D4), keeps these, because looking at cells
//! draws numbers. Unit views sit in cells and inside other views; their
//! order inside a cell plays no part in any rule (no rule draws while walking
//! them), so a cell keeps the ids of its top-level views and the views are
//! found by id.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// One dated image of a unit (§11.5).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UnitView {
    pub id: i32,
    pub utype: usize,
    pub side: usize,
    pub name: Option<String>,
    pub x: i32,
    pub y: i32,
    pub complete: bool,
    /// The turn it was last confirmed.
    pub date: i32,
    /// The id of the transport's view, 0 when the view sits in a cell.
    pub transport: i32,
    pub occupants: Vec<i32>,
}

/// A side's vision state.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SideVision {
    /// Per cell: how many viewers cover it, plus the permanent increments.
    pub coverage: Vec<i16>,
    /// Per cell: 0 unseen, else terrain type + 1.
    pub terrain: Vec<u8>,
    /// Every unit view, by unit id.
    pub views: BTreeMap<i32, UnitView>,
    /// Per cell, the ids of the views sitting directly in it.
    pub cell_views: Vec<Vec<i32>>,
}

impl SideVision {
    pub fn new(cells: usize) -> SideVision {
        SideVision {
            coverage: vec![0; cells],
            terrain: vec![0; cells],
            views: BTreeMap::new(),
            cell_views: vec![Vec::new(); cells],
        }
    }

    /// Removes a view and its occupant views, unlinking it from its cell or
    /// transport view. `cell` is the index of the cell it sits in (for a
    /// top-level view).
    pub fn remove(&mut self, id: i32, cells_width: i32) {
        let Some(view) = self.views.remove(&id) else {
            return;
        };
        if view.transport != 0 {
            if let Some(t) = self.views.get_mut(&view.transport) {
                t.occupants.retain(|&o| o != id);
            }
        } else if view.x >= 0 && view.y >= 0 {
            let cell = (view.y * cells_width + view.x) as usize;
            if let Some(list) = self.cell_views.get_mut(cell) {
                list.retain(|&o| o != id);
            }
        }
        for occ in view.occupants {
            self.remove_detached(occ);
        }
    }

    /// Removes a view whose parent is being removed too.
    fn remove_detached(&mut self, id: i32) {
        if let Some(view) = self.views.remove(&id) {
            for occ in view.occupants {
                self.remove_detached(occ);
            }
        }
    }

    /// Removes every view's occupant views of view `id`.
    pub fn clear_occupants(&mut self, id: i32) {
        let occs = match self.views.get_mut(&id) {
            Some(v) => std::mem::take(&mut v.occupants),
            None => return,
        };
        for occ in occs {
            self.remove_detached(occ);
        }
    }
}
