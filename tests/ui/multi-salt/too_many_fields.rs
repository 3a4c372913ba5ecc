use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(salt(md5, 4, fields(f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12, f13, f14, f15, f16)))]
struct Wide {
    #[pad(2)]
    f0: &'static str,
    #[pad(2)]
    f1: &'static str,
    #[pad(2)]
    f2: &'static str,
    #[pad(2)]
    f3: &'static str,
    #[pad(2)]
    f4: &'static str,
    #[pad(2)]
    f5: &'static str,
    #[pad(2)]
    f6: &'static str,
    #[pad(2)]
    f7: &'static str,
    #[pad(2)]
    f8: &'static str,
    #[pad(2)]
    f9: &'static str,
    #[pad(2)]
    f10: &'static str,
    #[pad(2)]
    f11: &'static str,
    #[pad(2)]
    f12: &'static str,
    #[pad(2)]
    f13: &'static str,
    #[pad(2)]
    f14: &'static str,
    #[pad(2)]
    f15: &'static str,
    #[pad(2)]
    f16: &'static str,
    last: u8,
}

fn main() {}
