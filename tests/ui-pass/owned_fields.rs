// Owned `String` / `Vec<u8>` fields take what their borrowed forms take:
// `&str` / `&[u8]` values and ranges, `&String` / `&Vec<u8>` values and
// ranges; a `&str` field takes `&String` too.
use rowkey::RowKey;

#[derive(RowKey)]
struct Owned {
    #[pad(8)]
    name: String,
    #[pad(4)]
    blob: Vec<u8>,
    tail: String,
}

#[derive(RowKey)]
struct Borrowed<'a> {
    #[pad(8)]
    name: &'a str,
    tail: &'a [u8],
}

fn main() {
    let name = String::from("ann");
    let blob = vec![1u8, 2];
    let (lo, hi) = (String::from("a"), String::from("b"));
    let (blo, bhi) = (vec![1u8], vec![9u8]);

    let _ = Owned::scan().name("ann").ranges().unwrap();
    let _ = Owned::scan().name(&name).ranges().unwrap();
    let _ = Owned::scan().name("a".."b").ranges().unwrap();
    let _ = Owned::scan().name(&lo..=&hi).ranges().unwrap();
    let _ = Owned::scan().name(..&hi).ranges().unwrap();
    let _ = Owned::scan().name(name.clone()).ranges().unwrap();
    let _ = Owned::scan().name(&name).blob(&blob[..]).ranges().unwrap();
    let _ = Owned::scan().name(&name).blob(&blob).ranges().unwrap();
    let _ = Owned::scan().name(&name).blob(&blo..&bhi).ranges().unwrap();
    let _ = Owned::scan().name(&name).blob(&blo[..]..).ranges().unwrap();
    let _ = Owned::scan().name("ann").blob(&blob).tail("x".."y").ranges().unwrap();
    let _ = Owned::scan().name("ann").blob(&blob).tail(&lo).ranges().unwrap();

    let _ = Borrowed::scan().name(&name).ranges().unwrap();
    let _ = Borrowed::scan().name(&lo..&hi).ranges().unwrap();
    let _ = Borrowed::scan().name("ann").tail(&blob).ranges().unwrap();
    let _ = Borrowed::scan().name("ann").tail(&blo..=&bhi).ranges().unwrap();

    let key = Owned { name: "ann".into(), blob: vec![1, 2], tail: "z".into() }.to_vec().unwrap();
    let r = Owned::scan().name(&name).blob(&blob).tail("x"..).ranges().unwrap();
    assert!(r.clone().any(|r| r.contains(&key)));
}
