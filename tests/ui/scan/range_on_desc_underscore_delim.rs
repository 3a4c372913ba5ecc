use rowkey::RowKey;

// `#[desc] #[delim(b'_')]` on a string is stored inverted as written (the
// '_' as 0xA0), exact as a prefix; but a value and its extensions by bytes
// below '_' cross, so, like the ascending '_'-delimited string, its scan
// method takes one value and a range does not type-check.
#[derive(RowKey)]
struct Ranking {
    #[desc]
    #[delim(b'_')]
    player: String,
    game: u32,
}

fn main() {
    let _ = Ranking::scan().player("a".to_string().."b".to_string()).ranges();
    let _ = Ranking::scan().player("a").game(1..2).ranges();
}
