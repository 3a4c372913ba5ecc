use rowkey::RowKey;

#[derive(RowKey)]
struct Ranking<'a> {
    #[desc]
    #[delim]
    player: &'a str,
    game: u32,
}

fn main() {}
