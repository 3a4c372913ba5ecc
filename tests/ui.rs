//! Layouts that must not compile (SPEC §4), each with the message a user sees.
//! The `.stderr` files are the contract: a change to a message shows up as a
//! diff here. Regenerate with `TRYBUILD=overwrite cargo test --test ui` and
//! read every changed file before committing it.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*/*.rs");
}
