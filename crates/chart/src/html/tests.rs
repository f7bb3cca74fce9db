use super::*;
use crate::chart_json::{Class, Product};

/// The sphere's bottom corner through stem 3, `s ≤ 2`, with the products of Adams 1958:
/// `h0·1 = h0`, `h0·h0 = h0^2`, `h1·1 = h1`, `h0h1 = 0`, `h1·h1 = h1^2`, `h2·1 = h2`,
/// `h0·h2 = h0h2`; a name that would close a `<script>` element if written raw.
fn corner() -> Chart {
    let mut chart = Chart::new("S_2", "nassau", 2, 0, 3, 2);
    let class = |stem, s, name: Option<&str>, h0: Option<Vec<usize>>, h1, h2| {
        let mut c = Class::new(stem, s, 0);
        c.h0 = Product::from_indices(h0);
        c.h1 = Product::from_indices(h1);
        c.h2 = Product::from_indices(h2);
        c.name = name.map(str::to_string);
        c
    };
    let mut one = class(0, 0, None, Some(vec![0]), Some(vec![0]), Some(vec![0]));
    one.more.insert("h3".into(), Product::Unknown);
    let mut h0 = class(0, 1, Some("h0"), Some(vec![0]), Some(vec![]), None);
    h0.more.insert("d2".into(), Product::Unknown);
    let h1 = class(
        1,
        1,
        Some("h1</script><b>"),
        Some(vec![]),
        Some(vec![0]),
        None,
    );
    let h2 = class(3, 1, Some("h2"), Some(vec![0]), None, None);
    chart.set_classes([
        one,
        h0,
        class(0, 2, Some("h0^2"), None, None, None),
        h1,
        class(2, 2, Some("h1^2"), None, None, None),
        h2,
        class(3, 2, Some("h0 h2"), None, None, None),
    ]);
    chart
}

/// The text of the `<script>` element with this id.
fn script<'a>(page: &'a str, id: &str) -> &'a str {
    let open = format!("<script type=\"application/json\" id=\"{id}\">");
    let start = page.find(&open).expect("the element is there") + open.len();
    let end = start + page[start..].find("</script>").expect("it is closed");
    &page[start..end]
}

#[test]
fn the_page_carries_the_chart_whole() {
    let chart = corner();
    assert_eq!(chart.check(), Ok(()));
    let page = render(&chart);
    let carried = Chart::parse(script(&page, "chart-data")).expect("the chart reads back");
    assert_eq!(carried, chart);
}

#[test]
fn a_name_cannot_end_the_script_element() {
    let page = render(&corner());
    let data = script(&page, "chart-data");
    assert!(
        !data.contains('<'),
        "every < is escaped in the embedded JSON"
    );
    assert!(data.contains("h1\\u003c/script>\\u003cb>"));
    // The page's own tags: two JSON scripts and the program, each closed once.
    assert_eq!(page.matches("<script").count(), 3);
    assert_eq!(page.matches("</script>").count(), 3);
}

#[test]
fn nothing_is_loaded_from_outside_the_file() {
    let page = render(&corner());
    for outside in ["http:", "https:", "<link", " src=", "@import", "url("] {
        assert!(!page.contains(outside), "the page names {outside}");
    }
    assert!(
        page.contains("default-src 'none'"),
        "the policy refuses every load"
    );
    assert!(page.contains(SCRIPT) && page.contains(STYLE));
}

#[test]
fn families_in_order_with_their_shifts() {
    let chart = corner();
    let meta: serde_json::Value =
        serde_json::from_str(script(&render(&chart), "chart-meta")).expect("meta is JSON");
    let keys: Vec<&str> = meta["families"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["key"].as_str().unwrap())
        .collect();
    assert_eq!(keys, ["h0", "h1", "h2", "h3", "d2"]);
    let f = families(&chart);
    // h_i lands at (stem + 2^i − 1, s + 1); d2 at (stem − 1, s + 2).
    let shifts: Vec<(i32, u32)> = f.iter().map(|f| f.shift).collect();
    assert_eq!(shifts, [(0, 1), (1, 1), (3, 1), (7, 1), (-1, 2)]);
    let on: Vec<bool> = f.iter().map(|f| f.on).collect();
    assert_eq!(on, [true, true, true, false, true]);
    assert_eq!(meta["d2"], true);
    assert_eq!(f[3].colour, "#c0392b");
    assert_eq!(f[4].colour, D2_COLOUR);
}

#[test]
fn the_class_of_a_key() {
    let chart = corner();
    assert_eq!(key_class(&chart, "h2"), Some((3, 1, 0)), "by name");
    assert_eq!(key_class(&chart, "(0,2,0)"), Some((0, 2, 0)), "by position");
    assert_eq!(key_class(&chart, "(0,2,1)"), None, "no such class");
    assert_eq!(key_class(&chart, "h3"), None, "outside the range");
    let mut unnamed = chart.clone();
    unnamed.classes.iter_mut().for_each(|c| c.name = None);
    assert_eq!(
        key_class(&unnamed, "h2"),
        Some((3, 1, 0)),
        "the only class there"
    );
    assert_eq!(key_class(&unnamed, "h1^2"), Some((2, 2, 0)));
}

#[test]
fn odd_prime_families() {
    let mut chart = Chart::new("S_3", "classical", 3, 0, 4, 2);
    let mut c = Class::new(0, 0, 0);
    c.a0 = Product::from_pairs(Some(vec![(0, 1)]));
    c.h0 = Product::from_pairs(Some(vec![(0, 1)]));
    chart.set_classes([c, Class::new(0, 1, 0), Class::new(3, 1, 0)]);
    let f = families(&chart);
    let keys: Vec<(&str, (i32, u32))> = f.iter().map(|f| (f.key.as_str(), f.shift)).collect();
    // At p = 3, h0 (the class of P^1) lands 2p − 3 = 3 stems right.
    assert_eq!(keys, [("a0", (0, 1)), ("h0", (3, 1))]);
}

#[test]
fn titles_are_escaped() {
    let mut chart = corner();
    chart.module = "M<&\">".into();
    let page = render(&chart);
    assert!(page.contains("M&lt;&amp;&quot;&gt;"));
    assert!(!page.contains("M<&"));
}
