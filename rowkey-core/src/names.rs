//! Bigtable's rules for table ids and column family names, checked before
//! anything is sent: the emulator accepts names a real instance refuses
//! (`""`, `"t/u"`, `"t t"`), so a program tested on it alone would break in
//! production. The embedded adapter holds its names to the same rules, so
//! a table that works there can be created on Bigtable.

/// The longest table id Bigtable accepts.
pub const MAX_TABLE_ID: usize = 50;

/// The longest column family name Bigtable accepts.
pub const MAX_FAMILY: usize = 64;

/// Checks a table id against Bigtable's rule (the admin API's
/// `CreateTableRequest.table_id` and `Table.name`): 1 to 50 characters
/// matching `[_a-zA-Z0-9][-_.a-zA-Z0-9]*`.
///
/// ```
/// assert!(rowkey::check_table_id("events-2024.v1").is_ok());
/// assert!(rowkey::check_table_id("t/u").unwrap_err().contains("[_a-zA-Z0-9]"));
/// ```
///
/// # Errors
/// The rule the id breaks, as a sentence to show the user.
pub fn check_table_id(id: &str) -> Result<(), &'static str> {
    const RULE: &str = "a table id is 1 to 50 characters matching [_a-zA-Z0-9][-_.a-zA-Z0-9]* \
                        (letters, digits, '_', then also '-' and '.')";
    let bytes = id.as_bytes();
    let first_ok = bytes
        .first()
        .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_');
    let rest_ok = bytes
        .iter()
        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'));
    if first_ok && rest_ok && bytes.len() <= MAX_TABLE_ID {
        Ok(())
    } else {
        Err(RULE)
    }
}

/// Checks a column family name against Bigtable's rule (the data API's
/// `Mutation.SetCell.family_name`: `[-_.a-zA-Z0-9]+`; at most 64
/// characters, Bigtable's documented limit).
///
/// ```
/// assert!(rowkey::check_family("d").is_ok());
/// assert!(rowkey::check_family("d:x").is_err());
/// ```
///
/// # Errors
/// The rule the name breaks, as a sentence to show the user.
pub fn check_family(name: &str) -> Result<(), &'static str> {
    const RULE: &str = "a column family name is 1 to 64 characters matching [-_.a-zA-Z0-9]+ \
                        (letters, digits, '_', '-' and '.')";
    let ok = !name.is_empty()
        && name.len() <= MAX_FAMILY
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'));
    if ok {
        Ok(())
    } else {
        Err(RULE)
    }
}

/// A name Bigtable refuses: what it names, the name, and the rule it breaks
/// ([`check_names`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NameRefused<'a> {
    /// `"table id"` or `"column family"`.
    pub what: &'static str,
    /// The name as given.
    pub name: &'a str,
    /// The rule, as a sentence to show the user.
    pub rule: &'static str,
}

/// Checks a table id and its families ([`check_table_id`], [`check_family`])
/// before anything is sent or created: what both adapters check.
///
/// ```
/// let err = rowkey::check_names("events", &["d", "d:x"]).unwrap_err();
/// assert_eq!((err.what, err.name), ("column family", "d:x"));
/// ```
///
/// # Errors
/// The first name refused, with its rule.
pub fn check_names<'a>(id: &'a str, families: &[&'a str]) -> Result<(), NameRefused<'a>> {
    check_table_id(id).map_err(|rule| NameRefused {
        what: "table id",
        name: id,
        rule,
    })?;
    for family in families {
        check_family(family).map_err(|rule| NameRefused {
            what: "column family",
            name: family,
            rule,
        })?;
    }
    Ok(())
}
