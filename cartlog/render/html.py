"""The ruling page: a game step by step as one self-contained HTML file
(``cartlog replay LOG --html FILE``, docs/cli.md "A ruling as one file").

One file, no network asset: the steps of the replay (its frames), each with its findings and,
where the frame holds the table, the game's board picture (its renderer's ``board_pictures``);
the findings as a list that links to their steps; the score breakdown and what could not be
checked. Every step is addressable: ``#s12`` (the 12th step), ``#t29`` (turn or round 29),
``#f3`` (finding 3, counted from 1 as ``check`` numbers them). A small script steps through the
game with keys and buttons and opens the page at the address given, or at the first finding;
without scripts the page is the whole game, one step after another.

Everything a log holds is escaped (:func:`cartlog.render.svg.text_of`); the data the script
reads is in the steps' attributes, never in script text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from cartlog import __version__
from cartlog.core.findings import Finding
from cartlog.render.svg import STYLE, text_of

if TYPE_CHECKING:
    from rich.console import Console

_KINDS_WITHOUT_TURN = ("setup", "end")


class View(NamedTuple):
    """One view of the game on the page: the log as recorded, or what the table or one seat
    knew (its own replay of the log redacted to that view)."""

    name: str  # "" for the log as recorded, "table", or a player's colour
    label: str  # as the selector shows it
    frames: Sequence[Any]  # the replay's: kind, turn, player, notation, text, findings, line
    findings: Sequence[Finding]
    pictures: Mapping[int, str]  # the SVG markup of the board after frame i
    verdict: str
    breakdown: str  # the score view as plain text
    unchecked: Sequence[str]
    more_findings: int = 0


def ruling_page(*, title: str, file: str, rules: str, turn_word: str, views: Sequence[View],
                theme: str = "", opening: int | None = None) -> str:
    """The page: the first of ``views`` is shown first (and alone without scripts); a
    selector switches to the others. ``theme`` ``light``, ``dark`` or empty (the reader's
    system decides); ``opening`` the turn or round the page opens at when its address names
    no step (else the first finding's step)."""
    main = views[0]
    first = min((k for k, f in enumerate(main.frames) if f.findings), default=0)
    if opening is not None:
        first = next((k for k, f in enumerate(main.frames) if f.turn == opening), first)
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="en"{_attr("data-theme", theme) if theme else ""}>',
        '<head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f'<meta name="generator" content="cartlog {text_of(__version__)}">',
        f"<title>{text_of(file)}: {text_of(title)}</title>",
        f"<style>{_PAGE_STYLE}{STYLE}</style></head>",
        f'<body data-first="{first}" data-word="{text_of(turn_word)}">',
        "<header>",
        f"<h1>{text_of(title)} <small>{text_of(file)}</small></h1>",
        f'<p class="meta">rules {text_of(rules)} &middot; {len(main.frames)} steps</p>',
        "</header>",
        _controls(turn_word, views),
        '<main><div id="pane"><figure id="board" aria-live="polite"></figure></div>',
    ]
    shared: dict[str, str] = {}  # a picture drawn already -> its figure's id
    for i, view in enumerate(views):
        parts.append(_view(i, view, turn_word, shared))
    parts.append("</main>")
    parts.append(f"<footer>cartlog {text_of(__version__)}</footer>")
    parts.append(f"<script>{_SCRIPT}</script></body></html>")
    return "\n".join(parts) + "\n"


def _prefix(i: int, view: View) -> str:
    """What the ids of a view's steps start with: nothing for the first view, else its name
    (``red-t29``)."""
    if i == 0:
        return ""
    return f"{view.name}-" if view.name.isascii() and view.name.isalpha() else f"v{i}-"


def _view(i: int, view: View, turn_word: str, shared: dict[str, str]) -> str:
    prefix = _prefix(i, view)
    owner: dict[int, int] = {}  # finding index -> the step that shows it
    for k, frame in enumerate(view.frames):
        for n in frame.findings:
            owner.setdefault(n, k)
    parts = [f'<div class="view"{_attr("id", prefix + "view")}{_attr("data-view", view.name)}'
             f'{_attr("data-label", view.label)}{" hidden" if i else ""}>',
             f'<p class="verdict">{text_of(view.verdict)}</p>', '<div class="steps">']
    seen_turns: set[int] = set()
    for k, frame in enumerate(view.frames):
        picture = view.pictures.get(k)
        figure = None
        if picture is not None:
            if i and picture in shared:
                figure = f'<figure class="picture"{_attr("data-same", shared[picture])}></figure>'
            else:
                shared.setdefault(picture, f"{prefix}p{k}")
                figure = (f'<figure class="picture"{_attr("id", prefix + "p" + str(k))}>'
                          f"{picture}</figure>")
        parts.append(_step(prefix, k, frame, view.findings, figure, turn_word, seen_turns))
    parts.append("</div>")
    parts.append(_finding_list(prefix, view.findings, owner, view.more_findings))
    if view.unchecked:
        parts.append('<section class="unchecked"><h2>Not checked</h2><ul>'
                     + "".join(f"<li>{text_of(u)}</li>" for u in view.unchecked)
                     + "</ul></section>")
    parts.append(f'<section class="score"><h2>Score</h2><pre>{_lines(view.breakdown)}</pre>'
                 "</section></div>")
    return "\n".join(parts)


def _lines(text: str) -> str:
    """Plain text for a ``<pre>``: each line escaped, the line breaks kept."""
    return "\n".join(text_of(line) for line in text.rstrip("\n").split("\n"))


def _attr(name: str, value: object) -> str:
    return f' {name}="{text_of(value)}"'


def _controls(turn_word: str, views: Sequence[View]) -> str:
    buttons = [("start", "|<", "to the start (Home)"),
               ("prev-turn", "<<", f"previous {turn_word} (Up, Page Up)"),
               ("prev", "<", "previous step (Left)"),
               ("next", ">", "next step (Right)"),
               ("next-turn", ">>", f"next {turn_word} (Down, Page Down)"),
               ("end", ">|", "to the end (End)"),
               ("prev-finding", "< finding", "previous finding (p)"),
               ("next-finding", "finding >", "next finding (n)")]
    html = "".join(f'<button type="button" data-go="{go}" title="{text_of(tip)}">'
                   f"{text_of(label)}</button>" for go, label, tip in buttons)
    return ('<nav id="controls" hidden>' + html
            + f'<label>{text_of(turn_word)} <input id="goto" type="number" min="1" '
            'inputmode="numeric" size="4" title="go to this one (g)"></label>'
            + _selector(views) + '<span id="where"></span></nav>')


def _selector(views: Sequence[View]) -> str:
    """The seat selector, when the page holds more than one view."""
    if len(views) < 2:
        return ""
    options = "".join(f'<option value="{i}">{text_of(v.label)}</option>'
                      for i, v in enumerate(views))
    return f'<label>view <select id="view" title="whose view (v)">{options}</select></label>'



def _step(prefix: str, k: int, frame: Any, findings: Sequence[Finding], figure: str | None,
          turn_word: str, seen_turns: set[int]) -> str:
    turn = frame.turn
    anchor = ""
    if turn is not None and turn not in seen_turns:
        seen_turns.add(turn)
        anchor = f'<span id="{prefix}t{int(turn)}"></span>'
    attrs = _attr("id", f"{prefix}s{k}") + _attr("data-kind", frame.kind)
    if turn is not None:
        attrs += _attr("data-turn", int(turn))
    if frame.findings:
        attrs += _attr("data-findings", len(frame.findings))
    if figure is not None:
        attrs += _attr("data-picture", 1)
    heading = _heading(frame, turn_word)
    body = [f'<section class="step"{attrs}>{anchor}<h2>{heading}</h2>']
    if frame.text:
        body.append(f'<p class="words">{text_of(frame.text)}</p>')
    if frame.findings:
        body.append('<ol class="findings">')
        for i in frame.findings:
            if 0 <= i < len(findings):
                body.append(_finding_item(prefix, i, findings[i], f"{prefix}f{i + 1}"))
        body.append("</ol>")
    if figure is not None:
        body.append(figure)
    body.append("</section>")
    return "".join(body)


def _heading(frame: Any, turn_word: str) -> str:
    words: list[str] = []
    if frame.turn is not None:
        words.append(f"{turn_word.capitalize()} {int(frame.turn)}")
    elif frame.kind in _KINDS_WITHOUT_TURN:
        words.append(frame.kind.capitalize())
    duel = getattr(frame, "duel", None)
    if duel:
        words.append(f"duel {duel}")
    phase = getattr(frame, "phase", None)
    if phase:
        words.append(phase)
    head = " &middot; ".join(text_of(w) for w in words) or text_of(frame.kind)
    if frame.player:
        head += f' <span class="player {_colour(frame.player)}">{text_of(frame.player)}</span>'
    if frame.notation:
        head += f" <code>{text_of(frame.notation)}</code>"
    if frame.line:
        head += f' <span class="line">line {int(frame.line)}</span>'
    return head


def _colour(colour: str) -> str:
    from cartlog.render.svg import player_class

    return player_class(colour)


def _finding_item(prefix: str, i: int, f: Finding, anchor: str | None) -> str:
    where = f"line {f.line}:{f.col}" if f.line is not None and f.col is not None else (
        f"line {f.line}" if f.line is not None else "")
    text = [f'<li class="{text_of(f.severity)}"' + (_attr("id", anchor) if anchor else "")
            + f' value="{i + 1}">',
            f"<b>{text_of(f.severity)}[{text_of(f.code)}]</b> {text_of(f.message)}"]
    if f.expected:
        text.append(f'<div class="expected">expected: {text_of(f.expected)}</div>')
    if f.follows is not None:
        text.append(f'<div class="follows">follows from <a href="#{prefix}f{f.follows + 1}">finding '
                    f"{f.follows + 1}</a></div>")
    if f.rule or where:
        text.append(f'<div class="rule">{text_of(where)}'
                    + (f" &middot; {text_of(f.rule)}" if f.rule else "") + "</div>")
    if f.position:
        text.append(f'<div class="position">position: <code>{text_of(f.position)}</code></div>')
    text.append("</li>")
    return "".join(text)


def _finding_list(prefix: str, findings: Sequence[Finding], owner: Mapping[int, int],
                  more_findings: int) -> str:
    if not findings:
        return ('<section class="findings"><h2>Findings</h2><p>None: the log is clean.</p>'
                "</section>")
    items = []
    for i, f in enumerate(findings):
        where = f"line {f.line}" if f.line is not None else "the header"
        link = (f'<a href="#{prefix}f{i + 1}">step {owner[i] + 1}</a>' if i in owner
                else text_of(where))
        items.append(f'<li class="{text_of(f.severity)}" value="{i + 1}"><b>'
                     f"{text_of(f.severity)}[{text_of(f.code)}]</b> {text_of(where)}: "
                     f"{text_of(f.message)} &middot; {link}</li>")
    more = (f"<p>{more_findings} more findings are not listed.</p>" if more_findings else "")
    return ('<section class="findings"><h2>Findings</h2><ol>' + "".join(items) + "</ol>"
            + more + "</section>")


_PAGE_STYLE = """
:root{--page:#fbf8f1;--text:#222;--soft:#666;--edge:#d8d0bf;--hi:#fff3c4;--err:#b03a2e;
--warn:#9a6b00;--info:#2e5e8c}
@media (prefers-color-scheme:dark){:root:not([data-theme=light]){--page:#17191c;--text:#e8e6e3;
--soft:#a0a0a0;--edge:#3a3d42;--hi:#3d3518;--err:#ff8a7a;--warn:#e0b050;--info:#8cb8e8}}
[data-theme=dark]{--page:#17191c;--text:#e8e6e3;--soft:#a0a0a0;--edge:#3a3d42;--hi:#3d3518;
--err:#ff8a7a;--warn:#e0b050;--info:#8cb8e8}
body{background:var(--page);color:var(--text);font:15px/1.45 system-ui,sans-serif;
margin:0 auto;max-width:1100px;padding:0 12px}
h1{font-size:1.3em}h1 small{color:var(--soft);font-weight:normal}
h2{font-size:1.05em;margin:.3em 0}
.meta,.line,.rule,footer{color:var(--soft)}.line{font-size:.85em;font-weight:normal}
.verdict{font-weight:bold}
#controls{position:sticky;top:0;background:var(--page);padding:6px 0;
border-bottom:1px solid var(--edge);display:flex;flex-wrap:wrap;gap:4px;align-items:center}
#controls button{font:inherit;padding:2px 8px}#where{margin-left:8px;color:var(--soft)}
main{display:block}.js main{display:grid;grid-template-columns:minmax(0,480px) minmax(0,1fr);
gap:16px;align-items:start}
#pane{grid-row:1 / span 5;position:sticky;top:48px}
@media (max-width:760px){.js main{grid-template-columns:minmax(0,1fr)}#pane{position:static}}
#pane:empty,#board:empty{display:none}
.step{border-bottom:1px solid var(--edge);padding:6px 0}
.step .picture svg,#board svg{max-width:100%;height:auto}
.js .step{display:none}.js .step.current{display:block}.js .step .picture{display:none}
.js .view .findings,.js .view .unchecked,.js .view .score{display:block}
[hidden]{display:none!important}
li.error b{color:var(--err)}li.warning b{color:var(--warn)}li.info b{color:var(--info)}
.findings li:target,#findings li:target{background:var(--hi)}
.expected,.follows,.position{margin-left:1em}
pre{overflow-x:auto;border:1px solid var(--edge);padding:8px}
code{font-size:.95em}
"""

# Stepping through the page: the steps are the sections, in order; a picture belongs to the
# latest step at or before the one shown that has one.
_SCRIPT = """
(function(){
var views=[].slice.call(document.querySelectorAll('.view'));
if(!views.length)return;
document.body.classList.add('js');
document.getElementById('controls').hidden=false;
var board=document.getElementById('board'),where=document.getElementById('where');
var select=document.getElementById('view'),input=document.getElementById('goto');
var word=document.body.getAttribute('data-word'),view=null,steps=[],at=-1;
function useView(i){
  if(view){view.hidden=true;if(at>=0)steps[at].classList.remove('current');}
  view=views[i];view.hidden=false;at=-1;
  steps=[].slice.call(view.querySelectorAll('.step'));
  if(select)select.value=String(i);
}
function turnOf(k){var t=steps[k].getAttribute('data-turn');return t===null?null:+t;}
function picture(k){
  var p=k;while(p>0&&!steps[p].hasAttribute('data-picture'))p--;
  var fig=steps[p].querySelector('.picture');
  if(fig&&fig.hasAttribute('data-same'))fig=document.getElementById(fig.getAttribute('data-same'));
  return fig?fig.innerHTML:'';
}
function show(k,keep){
  k=Math.max(0,Math.min(steps.length-1,k));
  if(at>=0&&steps[at])steps[at].classList.remove('current');
  at=k;steps[k].classList.add('current');
  board.innerHTML=picture(k);
  var t=turnOf(k),label=view.getAttribute('data-label');
  where.textContent='step '+(k+1)+' of '+steps.length+(t===null?'':' \\u00b7 '+word+' '+t)
    +(select?' \\u00b7 '+label:'');
  if(!keep)history.replaceState(null,'','#'+steps[k].id);
}
function turnStep(t){for(var k=0;k<steps.length;k++){if(turnOf(k)===t)return k;}return -1;}
function byTurn(d){
  var t=turnOf(at),k=at;
  if(d<0&&t!==null){var b=turnStep(t);if(b<at)return b;}
  while(k+d>=0&&k+d<steps.length){k+=d;var u=turnOf(k);
    if(u!==null&&u!==t){if(d<0){var s=turnStep(u);return s<0?k:s;}return k;}}
  return d<0?0:steps.length-1;
}
function byFinding(d){
  for(var k=at+d;k>=0&&k<steps.length;k+=d){if(steps[k].hasAttribute('data-findings'))return k;}
  return at;
}
function switchTo(i){
  var t=turnOf(at),last=at===steps.length-1,k;
  useView(i);
  k=t===null?(last?steps.length-1:0):turnStep(t);
  show(k<0?0:k);
}
function go(what){
  if(what==='start')show(0);else if(what==='end')show(steps.length-1);
  else if(what==='prev')show(at-1);else if(what==='next')show(at+1);
  else if(what==='prev-turn')show(byTurn(-1));else if(what==='next-turn')show(byTurn(1));
  else if(what==='prev-finding')show(byFinding(-1));
  else if(what==='next-finding')show(byFinding(1));
}
function fromHash(){
  var id=decodeURIComponent(location.hash.slice(1));
  var el=id?document.getElementById(id):null;
  var step=el?(el.classList.contains('step')?el:el.closest('.step')):null;
  if(!step)return false;
  var v=step.closest('.view');
  if(v!==view)useView(views.indexOf(v));
  show(steps.indexOf(step),true);
  return true;
}
[].forEach.call(document.querySelectorAll('#controls button'),function(b){
  b.addEventListener('click',function(){go(b.getAttribute('data-go'));});});
input.addEventListener('change',function(){var k=turnStep(+input.value);if(k>=0)show(k);});
if(select)select.addEventListener('change',function(){switchTo(+select.value);});
document.addEventListener('keydown',function(e){
  if(e.target===input||e.target===select||e.altKey||e.ctrlKey||e.metaKey)return;
  var keys={ArrowLeft:'prev',ArrowRight:'next',ArrowUp:'prev-turn',ArrowDown:'next-turn',
    PageUp:'prev-turn',PageDown:'next-turn',Home:'start',End:'end',p:'prev-finding',
    n:'next-finding'};
  if(e.key==='g'){input.focus();e.preventDefault();return;}
  if(e.key==='v'&&views.length>1){switchTo((views.indexOf(view)+1)%views.length);
    e.preventDefault();return;}
  if(keys[e.key]){go(keys[e.key]);e.preventDefault();}
});
window.addEventListener('hashchange',fromHash);
useView(0);
if(!fromHash())show(+document.body.getAttribute('data-first'),true);
window.scrollTo(0,0);setTimeout(function(){window.scrollTo(0,0);},0);
})();
"""


def _pictures_of(log: Any, game: str, frames: Sequence[Any], theme: str,
                 drawn: dict[object, str] | None = None) -> dict[int, str]:
    """The game's board pictures by frame (its renderer's ``svg`` module, when it has one);
    ``drawn`` keeps the pictures drawn for one view, for the next."""
    from importlib import import_module

    from cartlog.games import GAMES

    try:
        module = import_module(GAMES[game].renderer + ".svg")
    except ModuleNotFoundError:  # a game that draws no picture: the steps only
        return {}
    pictures: dict[int, str] = module.board_pictures(log, list(frames), theme=theme,
                                                     drawn=drawn)
    return pictures


def board_picture(log: Any, report: Any, frames: Sequence[Any], turn: int | None, *,
                  theme: str = "") -> str | None:
    """The board after turn or round ``turn`` (the last picture up to it; the end when
    ``turn`` is None) as a standalone SVG file with its stylesheet; None when the game draws
    no picture."""
    pictures = _pictures_of(log, report.game, frames, theme)
    chosen = [k for k in pictures
              if turn is None or (frames[k].turn is not None and frames[k].turn <= turn)
              or frames[k].kind == "setup"]
    if not chosen:
        return None
    markup = pictures[max(chosen)]
    at = markup.index(">") + 1  # after the opening tag: the stylesheet goes first
    return ('<?xml version="1.0" encoding="UTF-8"?>\n' + markup[:at] + f"<style>{STYLE}</style>"
            + markup[at:] + "\n")


def ruling_of(log: Any, report: Any, frames: Sequence[Any], console: Console, *,
              theme: str = "", turn: int | None = None, seats: bool = True,
              label: str = "as recorded") -> str:
    """The ruling page of an audited log: its steps with the game's pictures, its findings
    and its score view as text; it opens at ``turn`` when given. With ``seats``, the page
    holds the table's view and each seat's too (the log redacted to what each knew, replayed
    on its own), each that differs from the views before it; ``label`` names the log's own
    view. ``console`` draws the score view as text (a recording console, which the command
    line gives)."""
    from cartlog.audit import seat_views, view_label
    from cartlog.games import GAMES

    spec = GAMES[report.game]
    drawn: dict[object, str] = {}
    views = [_view_of(log, report, frames, "", label, theme, drawn, console)]
    for name, seen, seat_report, seat_frames in (seat_views(log, report.file) if seats
                                                 else ()):
        views.append(_view_of(seen, seat_report, seat_frames, name, view_label(name), theme,
                              drawn, console))
    return ruling_page(title=spec.title, file=report.file, rules=report.rules,
                       turn_word=spec.turn_word, views=views, theme=theme, opening=turn)


def _view_of(log: Any, report: Any, frames: Sequence[Any], name: str, label: str,
             theme: str, drawn: dict[object, str], console: Console) -> View:
    """One view of the page: the replay's frames and findings, the pictures, the verdict
    and the score view as text."""
    from cartlog.render import game_renderer

    console.print(game_renderer(report.game).render_score(log, report))
    breakdown = console.export_text(clear=True)
    counts = [f"{n} {word}{'s' if n != 1 else ''}" for n, word in
              ((report.errors, "error"), (report.warnings, "warning"), (report.infos, "info"))
              if n]
    verdict = ("clean: no error" if not report.errors else "") + (
        ("; " if not report.errors and counts else "") + ", ".join(counts))
    return View(name=name, label=label, frames=frames, findings=report.findings,
                pictures=_pictures_of(log, report.game, frames, theme, drawn), verdict=verdict,
                breakdown=breakdown, unchecked=report.unchecked,
                more_findings=report.more_findings)
