//! Paths saved as one text each, `"B2 B3 C3"`: they grow with every step, and a game is saved after
//! every order. A list of cells, as earlier versions saved them, is read too.

/// The serde form of the paths.
pub mod text {
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::geometry::Coord;
    use crate::text_or_list::TextOrList;

    pub fn serialize<S: Serializer>(paths: &[Vec<Coord>], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(paths.iter().map(|path| {
            let mut text = String::with_capacity(path.len() * 4);
            for (i, c) in path.iter().enumerate() {
                if i > 0 {
                    text.push(' ');
                }
                text.push_str(c.name().as_str());
            }
            text
        }))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Vec<Coord>>, D::Error> {
        Vec::<TextOrList<Coord>>::deserialize(d)?
            .into_iter()
            .map(|path| match path {
                TextOrList::Text(text) => text
                    .split_whitespace()
                    .map(|c| c.parse().map_err(D::Error::custom))
                    .collect(),
                TextOrList::List(cells) => Ok(cells),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Coord;
    use serde::{Deserialize, Serialize};

    #[test]
    fn paths_are_saved_as_text_and_read_in_either_form() {
        #[derive(Serialize, Deserialize, PartialEq, Debug)]
        struct Saved {
            #[serde(with = "text")]
            paths: Vec<Vec<Coord>>,
        }
        let paths = vec![
            vec![Coord::new(1, 1), Coord::new(1, 2), Coord::new(25, 25)],
            vec![],
        ];
        let json = serde_json::to_string(&Saved {
            paths: paths.clone(),
        })
        .unwrap();
        assert_eq!(json, r#"{"paths":["B2 B3 Z26",""]}"#);
        let back: Saved = serde_json::from_str(&json).unwrap();
        assert_eq!(back.paths, paths);
        let earlier = r#"{"paths":[[{"col":1,"row":1},"B3",{"col":25,"row":25}],[]]}"#;
        let back: Saved = serde_json::from_str(earlier).unwrap();
        assert_eq!(back.paths, paths);
        assert!(serde_json::from_str::<Saved>(r#"{"paths":["B2 Q99"]}"#).is_err());
    }
}
