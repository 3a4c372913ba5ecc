use rowkey::RowKey;

#[derive(RowKey, Debug, PartialEq, Clone)]
#[rowkey(salt(java_hash, buckets = 20, width = 1, fields(metric, tags)))]
struct TsdbW1 {
    #[width(3)]
    metric: u32,
    base_time: u32,
    tags: Vec<[u8; 6]>,
}

#[derive(RowKey, Debug, PartialEq, Clone)]
#[rowkey(salt(java_hash, buckets = 8))]
struct Phx {
    #[pad(4, b' ')]
    tenant: String,
    created: i64,
    seq: u32,
}

#[test]
fn smoke() {
    let k = TsdbW1 {
        metric: 5,
        base_time: 3600,
        tags: vec![[0, 0, 1, 0, 0, 2]],
    };
    let b = k.to_vec().unwrap();
    println!("{b:02x?}");
    assert_eq!(TsdbW1::decode(&b).unwrap(), k);
    let r = TsdbW1::scan()
        .metric(5)
        .base_time(0..7200)
        .ranges()
        .unwrap();
    println!("{} {}", r.fan_out(), r.merge_skip());
    for x in r {
        println!("{x:?}");
    }
    let p = Phx {
        tenant: "ab".into(),
        created: -5,
        seq: 7,
    };
    let b = p.to_vec().unwrap();
    println!("{b:02x?}");
    assert_eq!(Phx::decode(&b).unwrap(), p);
    let r = Phx::scan()
        .tenant("ab".to_string())
        .created(-5)
        .seq(7)
        .ranges()
        .unwrap();
    for x in r {
        println!("{x:?}");
    }
    println!("{:?}", Phx::split_keys(8).unwrap().to_vecs());
}
