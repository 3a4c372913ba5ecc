use rowkey::RowKey;

#[derive(RowKey)]
struct Ranking {
    #[desc]
    player: String,
    game: u32,
}

fn main() {}
