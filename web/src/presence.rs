//! Who has a page open, and in which room: the lobby's "who is here". A page counts while its
//! stream of events is open; closing the tab (or losing the connection) ends it.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::{Arc, Mutex};

/// The pages open now, by user and room.
#[derive(Clone, Debug, Default)]
pub struct Presence {
    pages: Arc<Mutex<HashMap<(i64, String), Page>>>,
}

#[derive(Debug)]
struct Page {
    name: String,
    open: usize,
}

impl Presence {
    /// A page of `user` (shown as `name`) opened its stream in `room`; it counts until the
    /// returned guard is dropped.
    pub fn enter(&self, user: i64, name: &str, room: &str) -> Here {
        let key = (user, room.to_string());
        let mut pages = self.pages.lock().expect("presence");
        let page = pages.entry(key.clone()).or_insert_with(|| Page {
            name: name.to_string(),
            open: 0,
        });
        page.open += 1;
        Here {
            pages: self.pages.clone(),
            key,
        }
    }

    /// Who is in `room`, sorted.
    pub fn in_room(&self, room: &str) -> Vec<String> {
        let pages = self.pages.lock().expect("presence");
        let names: BTreeSet<&String> = (pages.iter())
            .filter(|((_, r), _)| r == room)
            .map(|(_, page)| &page.name)
            .collect();
        names.into_iter().cloned().collect()
    }

    /// Each room with someone in it, and their names, sorted.
    pub fn rooms(&self) -> BTreeMap<String, Vec<String>> {
        let pages = self.pages.lock().expect("presence");
        let mut rooms: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for ((_, room), page) in pages.iter() {
            rooms
                .entry(room.clone())
                .or_default()
                .insert(page.name.clone());
        }
        rooms
            .into_iter()
            .map(|(room, names)| (room, names.into_iter().collect()))
            .collect()
    }
}

/// A page counted as present; dropping it (the stream ended) counts it out.
#[derive(Debug)]
pub struct Here {
    pages: Arc<Mutex<HashMap<(i64, String), Page>>>,
    key: (i64, String),
}

impl Drop for Here {
    fn drop(&mut self) {
        let mut pages = self.pages.lock().expect("presence");
        if let Some(page) = pages.get_mut(&self.key) {
            page.open -= 1;
            if page.open == 0 {
                pages.remove(&self.key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_player_is_here_while_one_of_his_pages_is_open() {
        let p = Presence::default();
        let a = p.enter(1, "ann", "t1");
        let a2 = p.enter(1, "ann", "t1");
        let b = p.enter(2, "bob", "t1");
        let c = p.enter(3, "cid", "side");
        assert_eq!(p.rooms()["t1"], ["ann", "bob"]);
        assert_eq!(p.rooms()["side"], ["cid"]);
        assert_eq!(p.in_room("t1"), ["ann", "bob"]);
        drop(a);
        assert_eq!(
            p.rooms()["t1"],
            ["ann", "bob"],
            "one of ann's two pages is open"
        );
        drop((a2, b));
        assert!(!p.rooms().contains_key("t1"));
        drop(c);
        assert!(p.rooms().is_empty());
    }
}
