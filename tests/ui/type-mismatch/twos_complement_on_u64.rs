use rowkey::RowKey;

#[derive(RowKey)]
struct Account {
    #[twos_complement]
    balance: u64,
    id: u64,
}

fn main() {}
