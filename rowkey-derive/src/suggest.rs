//! "Did you mean": an attribute on a key's field that is none of the
//! derive's but close to one of them (`#[reverse_timestamp]`, `#[padding]`,
//! `#[twos_compliment]`) gets an error naming the one meant. An attribute
//! close to none is left alone: it may be another derive's (`#[serde]`).

/// The known attribute `name` most likely meant, if any.
pub fn closest<'k>(name: &str, known: &[&'k str]) -> Option<&'k str> {
    known
        .iter()
        .filter_map(|k| rank(name, k).map(|r| (r, *k)))
        .min_by_key(|(r, _)| *r)
        .map(|(_, k)| k)
}

/// Lower is closer; `None` when `name` is not plausibly `known`.
fn rank(name: &str, known: &str) -> Option<usize> {
    if name == known {
        return None;
    }
    // Word by word, each an abbreviation of the other (`reverse_ts` for
    // `reverse_timestamp`, `twos_compl` for `twos_complement`).
    let a: Vec<&str> = name.split('_').collect();
    let b: Vec<&str> = known.split('_').collect();
    if a.len() == b.len()
        && a.iter()
            .zip(&b)
            .all(|(x, y)| abbreviates(x, y) || abbreviates(y, x))
    {
        return Some(0);
    }
    let d = distance(name, known);
    if d <= (known.len() / 3).max(1) {
        return Some(1 + d);
    }
    // A longer spelling of the same word (`padding`, `delimiter`, `descending`).
    if known.len() >= 3 && name.starts_with(known) && !name[known.len()..].contains('_') {
        return Some(100 + name.len() - known.len());
    }
    None
}

/// `short` keeps `long`'s first letter and the rest of its letters in order.
fn abbreviates(short: &str, long: &str) -> bool {
    let mut rest = long.chars();
    match (short.chars().next(), rest.next()) {
        (Some(s), Some(l)) if s == l => {}
        _ => return false,
    }
    short.chars().skip(1).all(|c| rest.any(|l| l == c))
}

/// Levenshtein distance.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diag = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let next = (diag + usize::from(ca != *cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            diag = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::closest;

    // The names the derive knows, so a new attribute is suggested too.
    const KNOWN: &[&str] = crate::attr::FIELD_ATTRS;

    #[test]
    fn typos_find_the_attribute_meant() {
        for (typo, meant) in [
            ("reverse_timestamp", "reverse_ts"),
            ("reversed", "reverse"),
            ("twos_compliment", "twos_complement"),
            ("padding", "pad"),
            ("delimiter", "delim"),
            ("decimals", "decimal"),
            ("escape", "escaped"),
            ("buckets", "bucket"),
            ("descending", "desc"),
            ("salted", "salt"),
        ] {
            assert_eq!(closest(typo, KNOWN), Some(meant), "{typo}");
        }
    }

    #[test]
    fn other_derives_attributes_are_left_alone() {
        for other in [
            "serde", "doc", "cfg", "allow", "default", "rename", "validate", "schemars",
        ] {
            assert_eq!(closest(other, KNOWN), None, "{other}");
        }
    }
}
