fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).unwrap();
    let draws = std::fs::read_to_string(&args[2]).unwrap();
    let file = tactics::draws::DrawsFile::parse(&draws).unwrap();
    match tactics::rerun::rerun_text(&text, Some(&file)) {
        Ok(r) => println!("{r:?}"),
        Err(e) => println!("error: {e}"),
    }
}
