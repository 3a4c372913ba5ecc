//! Layouts that must not compile (SPEC §4), each with the message a user sees.
//! The `.stderr` files are the contract: a change to a message shows up as a
//! diff here. Regenerate with `TRYBUILD=overwrite cargo test -p rowkey-ui
//! --test ui` and read every changed file before committing it.
//!
//! `tests/ui-pass` holds layouts and scans that must compile and run: names
//! that once collided with generated items, and argument forms.

#[test]
fn ui() {
    // This file is built by tests/ui-suite (a package whose only
    // dependencies are the facade and trybuild, which trybuild takes as the
    // crate under test); the cases stay in tests/ui and tests/ui-suite/tests/ui
    // links to them, so the paths in the .stderr files read `tests/ui/..` as
    // they always have. A checkout
    // without the link (symlinks off) would match no case and pass vacuously:
    let cases = std::fs::read_dir("tests/ui").map_or(0, |dirs| dirs.count());
    assert!(cases > 0, "tests/ui-suite/tests/ui must link to tests/ui");
    let pass = std::fs::read_dir("tests/ui-pass").map_or(0, |dirs| dirs.count());
    assert!(
        pass > 0,
        "tests/ui-suite/tests/ui-pass must link to tests/ui-pass"
    );
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*/*.rs");
    t.pass("tests/ui-pass/*.rs");
}
