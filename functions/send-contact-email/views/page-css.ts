/**
 * The one stylesheet of the function's private pages (the owner's request page, the visitor's,
 * the inbox, the opt-out page and the refusals): the shared rules first, then each page's own
 * under its `main` element's class (`owner`, `inbox`). One style element, allowed by its hash in
 * the pages' CSP (private-page.ts), so no page has an inline style attribute or a script.
 */
const shared = `
:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#1a1f2b;background:#f6f7f9}
body{margin:0;padding:1rem}
main{max-width:36rem;margin:0 auto;background:#fff;border:1px solid #d5d9e0;border-radius:.75rem;padding:1rem 1.25rem}
h1{font-size:1.375rem;margin:.25rem 0 .5rem}
h2{font-size:1.125rem;margin:1.5rem 0 .5rem}
.lead{font-size:1.125rem;font-weight:600;background:#e6ecf7;border-radius:.5rem;padding:.75rem}
.notice{background:#e7f6ec;border:1px solid #87c59b;border-radius:.5rem;padding:.5rem .75rem}
.problem{background:#fdecea;border:1px solid #d9534f;border-radius:.5rem;padding:.5rem .75rem}
dl{margin:1rem 0}
dt{font-weight:600;margin-top:.5rem}dd{margin:0;overflow-wrap:anywhere}
@media (min-width:40rem){dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem .75rem}dt{margin:0}}
a.button,button{display:inline-block;min-height:2.75rem;padding:.625rem 1rem;border-radius:.5rem;font:inherit;font-weight:600;text-align:center;text-decoration:none;box-sizing:border-box;cursor:pointer}
a.button,button.primary{background:#123a7a;color:#fff;border:2px solid #123a7a}
button{border:2px solid #123a7a;background:#fff;color:#123a7a}
button.danger{border-color:#a12622;color:#a12622}
form{margin:.75rem 0 0}
fieldset{border:1px solid #d5d9e0;border-radius:.5rem;padding:.75rem;margin:0 0 .75rem}
legend{font-weight:600;padding:0 .25rem}
label{display:block;font-weight:600;margin:.5rem 0 .25rem}
select,input,textarea{font:inherit;min-height:2.75rem;width:100%;box-sizing:border-box;border:1px solid #5f6b7a;border-radius:.375rem;padding:.5rem;background:#fff;color:#1a1f2b}
input[type=checkbox],input[type=radio]{width:1.5rem;min-height:1.5rem;height:1.5rem;margin:0 .5rem 0 0;vertical-align:middle}
label.check{display:flex;align-items:center;font-weight:400}
.row{display:grid;grid-template-columns:repeat(auto-fit,minmax(11rem,1fr));gap:0 .5rem}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;margin:.75rem 0}
.small{color:#4a5563;font-size:.875rem}
ul.history{padding-left:1.25rem}
a.button.quiet{background:#fff;color:#123a7a}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
a:focus-visible,button:focus-visible,select:focus-visible,input:focus-visible,textarea:focus-visible{outline:3px solid #b34700;outline-offset:2px}
`;

/** The owner's request page (owner/request-page.ts) and its visit part. */
const owner = `
.owner h2{margin:1.25rem 0 .5rem}
.owner .status{display:inline-block;padding:.125rem .625rem;border-radius:999px;background:#e6ecf7;font-weight:600}
.owner .read-only{background:#eef2f8;border:1px solid #b9c6dc;border-radius:.5rem;padding:.5rem .75rem}
.owner .message{white-space:pre-wrap;overflow-wrap:anywhere;background:#f6f7f9;border-radius:.5rem;padding:.75rem}
.owner .reach{display:flex;flex-wrap:wrap;gap:.5rem;margin:1rem 0}
.owner .reach a,.owner button{min-width:2.75rem}
.owner .reach a{display:inline-block;min-height:2.75rem;padding:.625rem 1rem;border-radius:.5rem;font-weight:600;text-align:center;text-decoration:none;box-sizing:border-box;background:#123a7a;color:#fff}
.owner form{margin:0}
.owner fieldset{border:0;padding:0;margin:1rem 0 0}.owner legend{padding:0 2px;margin-bottom:.5rem}
.owner .actions{display:grid;grid-template-columns:repeat(auto-fit,minmax(8rem,1fr));gap:.5rem;margin:0}
.owner button[aria-pressed=true]{background:#123a7a;color:#fff}
.owner button.danger{margin-top:.75rem}
.owner .booked{font-weight:600;background:#e6ecf7;border-radius:.5rem;padding:.75rem}
.owner .actions form button{width:100%}
.owner fieldset.own{border:1px solid #d5d9e0;border-radius:.5rem;padding:.75rem}
.owner .booking{display:grid;grid-template-columns:repeat(auto-fit,minmax(8rem,1fr));gap:.5rem;margin-bottom:.75rem}
.owner label.check{gap:.5rem}
.owner input[type=checkbox],.owner input[type=radio]{flex:none;margin:0}
.owner ul.plan-visits{list-style:none;padding:0;margin:0}
.owner ul.plan-visits li{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.25rem .75rem;border-top:1px solid #e3e6eb;padding:.375rem 0;min-height:2.75rem}
.owner ul.plan-visits li>span{flex:1 1 10rem}
.owner ul.plan-visits form{margin:0}
ul.follow-ups{padding-left:1.25rem}
`;

/** The inbox (inbox/inbox-page.ts), its week's numbers and its calendar to subscribe to. */
const inbox = `
main.inbox{max-width:44rem}
.inbox .brand{margin:0;color:#4a5263;font-size:.9375rem}
.inbox input,.inbox select{padding:.5rem .625rem;border:1px solid #6b7385;border-radius:.5rem;color:inherit}
.inbox .search{display:grid;grid-template-columns:1fr auto;gap:.5rem;align-items:end}
.inbox button,.inbox .button{display:inline-block;box-sizing:border-box;min-height:2.75rem;padding:.625rem 1rem;border:2px solid #123a7a;border-radius:.5rem;background:#123a7a;color:#fff;font:inherit;font-weight:600;text-decoration:none;text-align:center;cursor:pointer}
.inbox .button.quiet{background:#fff;color:#123a7a}
.inbox details{margin:.75rem 0;border:1px solid #d5d9e0;border-radius:.5rem;padding:0 .75rem}
.inbox summary{min-height:2.75rem;display:flex;align-items:center;font-weight:600;cursor:pointer}
.inbox .filters{display:grid;gap:0 .75rem;padding-bottom:.75rem}
@media (min-width:36rem){.inbox .filters{grid-template-columns:1fr 1fr}}
.inbox .filters .actions{display:flex;gap:.5rem;flex-wrap:wrap;margin-top:.75rem}
.inbox .count{color:#4a5263;font-weight:400}
.inbox .leads{list-style:none;margin:0;padding:0}
.inbox .leads li{border-top:1px solid #e3e6eb;padding:.625rem 0}
.inbox li a.row{display:flex;justify-content:space-between;align-items:center;gap:.5rem;min-height:2.75rem;color:#123a7a;font-weight:600;font-size:1.0625rem;overflow-wrap:anywhere;text-decoration:none}
.inbox li a.row span:first-child{text-decoration:underline}
.inbox .leads li p{margin:.125rem 0;color:#353c4a;font-size:.9375rem;overflow-wrap:anywhere}
.inbox .leads li p.visit{color:#1a1f2b;font-weight:600}
.inbox .leads a.call{display:inline-flex;align-items:center;min-height:2.75rem;min-width:2.75rem;margin-top:.25rem;padding:0 .875rem;border:2px solid #123a7a;border-radius:.5rem;color:#123a7a;font-weight:600;text-decoration:none}
.inbox .status{flex:none;padding:.125rem .625rem;border-radius:999px;font-size:.875rem;font-weight:600;color:#1a1f2b;background:#e6ecf7}
.inbox .status.new{background:#fde9c8}.inbox .status.won{background:#d7f0de}.inbox .status.lost{background:#eceef1}.inbox .status.spam{background:#f8dcdc}
.inbox nav{display:flex;justify-content:space-between;align-items:center;gap:.5rem;margin:1rem 0}
.inbox .empty{padding:1rem 0}
.inbox .spam{margin:0 0 .5rem;color:#4a5263}
.inbox .week h3{font-size:1rem;margin:.875rem 0 .25rem}
.inbox .week .empty{padding:0;margin:.25rem 0}
.inbox .visits{list-style:none;margin:0;padding:0}
.inbox .visits li{border-top:1px solid #e3e6eb;padding:.5rem 0}
.inbox .visits p{margin:.125rem 0;color:#353c4a;font-size:.9375rem;overflow-wrap:anywhere}
.inbox .visits p.when{color:#1a1f2b;font-weight:700}
.inbox .visits p.when span{font-weight:400}
.inbox .visits .price{white-space:nowrap}
.inbox .visits a.map{display:inline-flex;align-items:center;min-height:2rem}
.inbox .visits a{color:#123a7a}
.inbox .visits a.who{display:flex;align-items:center;min-height:2.75rem;font-weight:600;font-size:1.0625rem;overflow-wrap:anywhere}
.inbox .visits a.call{display:inline-flex;align-items:center;min-height:2.75rem;min-width:2.75rem;margin-right:.5rem;padding:0 .875rem;border:2px solid #123a7a;border-radius:.5rem;font-weight:600;text-decoration:none}
.figures{display:grid;grid-template-columns:repeat(2,1fr);gap:.5rem;margin:.5rem 0}
@media (min-width:36rem){.figures{grid-template-columns:repeat(4,1fr)}}
.figures div{background:#f6f7f9;border-radius:.5rem;padding:.5rem .625rem}
.figures dt{font-size:.875rem;color:#4a5263;margin:0}
.figures dd{margin:0;font-size:1.375rem;font-weight:700}
.money{margin:.375rem 0;font-size:.9375rem}
.breakdown h3{font-size:1rem;margin:.75rem 0 .25rem}
.breakdown ul{margin:0;padding-left:1.25rem}
`;

/** The owner's site editor (site-editor/site-editor-page.ts): its home and its forms. */
const editor = `
.editor .brand{margin:0;color:#4a5263;font-size:.9375rem}
.editor ul.groups{list-style:none;padding:0;margin:0}
.editor ul.groups li{border-top:1px solid #e3e6eb;padding:.5rem 0}
.editor ul.groups a{display:block;font-weight:600;font-size:1.0625rem;min-height:1.75rem}
.editor ul.groups span{color:#4a5263;font-size:.9375rem}
.editor ol.versions{padding-left:0;list-style:none}
.editor ol.versions>li{border-top:1px solid #e3e6eb;padding:.5rem 0;overflow-wrap:anywhere}
.editor ol.versions p{margin:.25rem 0}
.editor ol.versions ul{margin:.25rem 0;padding-left:1.25rem}
.editor .versions .actions{margin:.25rem 0}
.editor a.button.quiet{background:#fff;color:#123a7a}
.editor .versions .actions a{display:inline-flex;align-items:center;min-height:2.75rem;font-weight:600}
.editor .field{margin-bottom:.5rem}
.editor .field.invalid input,.editor .field.invalid select,.editor .field.invalid textarea{border:2px solid #a12622}
.editor .field-problem{color:#a12622;font-weight:600;margin:.25rem 0 0}
.editor .summary h2{margin:.25rem 0}
.editor .summary ul{margin:.25rem 0;padding-left:1.25rem}
.editor fieldset.row-item{margin:.5rem 0}
.editor fieldset.row-item.new{border-style:dashed}
.editor label.remove{margin-top:.75rem}
.editor .actions button{flex:1 1 8rem}
.editor .small{margin:.25rem 0}
.editor section{border-top:1px solid #e3e6eb;margin-top:1rem}
.editor section h2{margin:.75rem 0 .25rem}
.editor details{margin:.5rem 0 .75rem}
.editor summary{display:flex;align-items:center;min-height:2.75rem;padding:0 .875rem;border:2px solid #123a7a;border-radius:.5rem;color:#123a7a;font-weight:600;cursor:pointer}
.editor details[open]>summary{margin-bottom:.25rem}
.editor .unit{display:flex;align-items:center;gap:.375rem}
.editor .unit span{font-weight:700;font-size:1.125rem;color:#1a1f2b}
.editor .unit input{flex:1;min-width:0}
.editor .field:has(>.unit){display:grid;grid-template-columns:1fr 8.5rem;gap:0 .75rem;align-items:center}
.editor .field:has(>.unit)>label{margin:.375rem 0}
.editor .field:has(>.unit)>p{grid-column:1 / -1}
.editor .unit.percent{padding-left:1rem}
.editor .field:has(>.unit.words){display:block}
.editor .unit.words input{flex:0 0 6.5rem}
.editor .unit.words span{font-weight:400;font-size:1rem}
.editor fieldset.choices{margin:.5rem 0}
html:has(.publish-bar){scroll-padding-bottom:5rem}
.editor .publish-bar{position:sticky;bottom:0;z-index:1;display:flex;gap:.5rem;margin:0 -1.25rem;padding:.625rem 1.25rem;background:#fff;border-top:1px solid #d5d9e0;box-shadow:0 -2px 6px rgba(26,31,43,.08)}
.editor .publish-bar button{flex:1 1 8rem}
.editor form.week fieldset:not(.list):not(.row-item):not(.send){display:grid;grid-template-columns:1fr 1fr;gap:0 .5rem;padding:.25rem .75rem .5rem}
.editor form.week fieldset .field{margin:0}
.editor form.week fieldset:not(.list):not(.send)>p,.editor form.week fieldset.row-item>p{grid-column:1 / -1}
.editor form.week fieldset.row-item{display:grid;grid-template-columns:1fr 1fr;gap:0 .5rem;align-items:end}
.editor form.week fieldset.row-item .field:first-of-type,.editor form.week fieldset.row-item label.remove{grid-column:1 / -1}
.editor form.week fieldset .field.same,.editor form.week fieldset .field.day-part:has(select[name$=".open"]){grid-column:1 / -1}
.editor form.week fieldset:has(.same input:checked) .day-part{display:none}
.editor form.week fieldset:has(select[name$=".open"] option[value=false]:checked) .day-part:has(select[name$="opens"]),.editor form.week fieldset:has(select[name$=".open"] option[value=false]:checked) .day-part:has(select[name$="closes"]){display:none}
`;

/** The visitor's page (booking/visitor-page.ts): the open times, one button each; a plan's visits. */
const visitor = `
.times{display:grid;grid-template-columns:repeat(auto-fill,minmax(5.25rem,1fr));gap:.5rem}
.times button{padding:.5rem 0;white-space:nowrap;font-size:.9375rem}
.visitor .visits{list-style:none;padding:0;margin:0}
.visitor .visits li{border-top:1px solid #e3e6eb;padding:.5rem 0}
.visitor .visits p,.visitor .notice p{margin:0}
.visitor .notice p+p{margin-top:.5rem}
.visitor .visits .actions,.visitor .notice form{margin:.5rem 0 0}
.visitor label.check{min-height:2.75rem;margin:0}
.visitor input[type=radio]{width:1.5rem;min-height:1.5rem;height:1.5rem;margin:0 .5rem 0 0;flex:none}
`;

export const pageCss = `${shared}${owner}${inbox}${editor}${visitor}`.trim();

/**
 * The visitor's page carries the shared rules and its own only: its open times must fit in the
 * first round trip (14,100 bytes), and the owner's rules are half the stylesheet.
 */
export const visitorPageCss = `${shared}${visitor}`.trim();
