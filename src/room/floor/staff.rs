//! The staff view's page (`/staff/`): the interest list per game and
//! stakes, with the tables of that game that have a seat open, and a form
//! for each thing the staff do (add a name, call, seat, remove). Plain
//! HTML forms that post to `/staff/interest`: no script needed at the desk.

use std::fmt::Write;

use super::{list_name, Floor};

/// Text safe inside HTML, attributes included: the report's own escape,
/// written once.
pub(crate) use crate::records::html_escape as escape;

fn minutes_ago(now: u64, then: u64) -> String {
    let m = now.saturating_sub(then) / 60_000;
    if m == 0 {
        "just now".into()
    } else {
        format!("{m} min ago")
    }
}

/// The tables of `list` (game · stakes) with a seat open, as "t3 (2 open)".
pub fn seats_open(floor: &Floor, list: &str) -> Vec<String> {
    floor
        .tables
        .iter()
        .filter_map(|(id, t)| {
            let s = t.state.as_ref()?;
            let name = list_name(s["game"].as_str()?, s["stakes"].as_str()?);
            let open = s["seats_open"].as_u64()?;
            (name == list && open > 0 && s["ended"] != true).then(|| format!("{id} ({open} open)"))
        })
        .collect()
}

/// The staff page; `kept` says where the list is kept, if anywhere, and
/// `problem` what the last action could not do.
pub fn page(floor: &Floor, kept: Option<&str>, problem: Option<&str>) -> String {
    let mut lists = floor.games();
    lists.extend(floor.interest.lists.keys().cloned());
    let mut body = String::new();
    if let Some(p) = problem {
        let _ = write!(body, r#"<p class="problem">{}</p>"#, escape(p));
    }
    for list in &lists {
        let l = escape(list);
        let _ = write!(
            body,
            r#"<section class="list" data-list="{l}"><h2>{l}</h2>"#
        );
        let open = seats_open(floor, list);
        if !open.is_empty() {
            let _ = write!(
                body,
                r#"<p class="open">Seat open: {}</p>"#,
                escape(&open.join(", "))
            );
        }
        body.push_str("<ol>");
        for e in floor.interest.lists.get(list).into_iter().flatten() {
            let n = escape(&e.name);
            let called = e.called.map_or(String::new(), |c| {
                format!(
                    r#" <span class="called">called {}</span>"#,
                    minutes_ago(floor.now, c)
                )
            });
            let _ = write!(
                body,
                r#"<li><span class="name">{n}</span> <span class="since">waiting since {}</span>{called}
<form method="post" action="/staff/interest"><input type="hidden" name="list" value="{l}"><input type="hidden" name="name" value="{n}"><button name="action" value="call">Call</button> <button name="action" value="seat">Seated</button> <button name="action" value="remove">Remove</button></form></li>"#,
                minutes_ago(floor.now, e.added)
            );
        }
        let _ = write!(
            body,
            r#"</ol><form method="post" action="/staff/interest" class="add"><input type="hidden" name="list" value="{l}"><input name="name" placeholder="name" maxlength="40" required> <button name="action" value="add">Add to the list</button></form></section>"#
        );
    }
    if lists.is_empty() {
        body.push_str("<p>No table has reported yet: the lists are per game and stakes.</p>");
    }
    let kept = match kept {
        Some(path) => format!("Kept in {}.", escape(path)),
        None => "Not kept across a restart of the floor: start it with --state-dir.".into(),
    };
    format!(
        r#"<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Floor staff</title>
<style>body{{font-family:"DejaVu Sans",sans-serif;margin:16px;background:#f4f1e8;color:#1d2a22}}
section{{background:#fff;border-radius:8px;padding:8px 12px;margin-bottom:10px}}h2{{font-size:17px;margin:0 0 4px}}
.open{{color:#1d6b3c;font-weight:bold}}.called{{color:#8a2f2f}}.problem{{background:#f6d5d5;padding:8px}}
li form{{display:inline;margin-left:8px}}</style></head>
<body><h1>Floor staff: interest lists</h1>
<p><a href="/">The public board</a> · <a href="/staff/tables.json">every table with its records</a></p>
{body}<p class="kept">{kept}</p></body></html>
"#
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::room::floor::interest::Action;

    #[test]
    fn a_name_is_text_on_the_staff_page_never_markup() {
        let mut f = Floor::default();
        f.staff(Action::Add, "Stud · 3 / 6", "<b onclick=\"x\">Ann</b>")
            .unwrap();
        let p = page(&f, None, Some("<i>bad</i>"));
        assert!(
            p.contains("&lt;b onclick=&quot;x&quot;&gt;Ann&lt;/b&gt;"),
            "{p}"
        );
        assert!(!p.contains("<b onclick"), "{p}");
        assert!(p.contains("&lt;i&gt;bad&lt;/i&gt;"), "{p}");
        assert!(p.contains("start it with --state-dir"), "{p}");
    }
}
