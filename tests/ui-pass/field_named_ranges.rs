// A field named `ranges`: its builder method takes the name, and the scan's
// ranges come through the ScanBuilder trait.
use rowkey::{RowKey, ScanBuilder};

#[derive(RowKey)]
struct Quota {
    user: u64,
    ranges: u32,
}

fn main() {
    let r = ScanBuilder::ranges(Quota::scan().user(7).ranges(1..5)).unwrap();
    assert_eq!(r.len(), 1);
    let key = Quota { user: 7, ranges: 3 }.to_vec().unwrap();
    assert!(r.clone().all(|r| r.contains(&key)));
    // Through a prefix only, too.
    assert_eq!(ScanBuilder::ranges(Quota::scan().user(7)).unwrap().len(), 1);
}
