//! Reads one hex line per message from stdin (an Order, then a Reading, as typed-msgpack wrote
//! them), checks what rmp-serde decoded, and prints one hex line per message it writes itself.
use serde::{Deserialize, Serialize};
use std::io::BufRead;

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Item {
    sku: String,
    price: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    note: Option<String>,
}

/// `interface Order { id: number; tag?: string; items: Item[]; gift?: boolean }`
#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Order {
    id: u32,
    tag: Option<String>,
    items: Vec<Item>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    gift: Option<bool>,
}

/// `interface Reading { sensor: Uint16; value: Float32; delta: Int8; id: Int64; samples: Float32[] }`
#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Reading {
    sensor: u16,
    value: f32,
    delta: i8,
    id: i64,
    samples: Vec<f32>,
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{:02x}", b)).collect()
}

fn unhex(text: &str) -> Vec<u8> {
    (0..text.len()).step_by(2).map(|i| u8::from_str_radix(&text[i..i + 2], 16).unwrap()).collect()
}

fn main() {
    let lines: Vec<String> = std::io::stdin().lock().lines().map(|l| l.unwrap()).collect();
    let order: Order = rmp_serde::from_slice(&unhex(&lines[0])).expect("rmp-serde reads typed-msgpack's positional Order");
    assert_eq!(order, Order {
        id: 7,
        tag: None,
        items: vec![Item { sku: "ab".into(), price: 1.5, note: None }, Item { sku: "cd".into(), price: 2.0, note: Some("n".into()) }],
        gift: Some(true),
    });
    let reading: Reading = rmp_serde::from_slice(&unhex(&lines[1])).expect("rmp-serde reads typed-msgpack's widths");
    assert_eq!(reading, Reading { sensor: 513, value: 1.5, delta: -5, id: -1099511627776, samples: vec![0.5, -2.0] });

    // Its own messages: structs as arrays (rmp_serde::to_vec), f32 as float 32, ints minimal.
    let mine = Order { id: 8, tag: Some("rust".into()), items: vec![Item { sku: "x".into(), price: 0.25, note: None }], gift: None };
    println!("{}", hex(&rmp_serde::to_vec(&mine).unwrap()));
    let mine = Reading { sensor: 65535, value: 0.1, delta: -128, id: i64::MIN, samples: vec![1.0e-3, 3.0] };
    println!("{}", hex(&rmp_serde::to_vec(&mine).unwrap()));
}
