// The addrkit web page: an address search with live suggestions, the
// validate answer of one address, and a file uploaded as a batch job. It
// calls the /v1 API of the server that serves it, with the API key typed
// into the page (kept in this tab's session storage only).
"use strict";

const COUNTRIES = [
  ["NG", "Nigeria"], ["GH", "Ghana"], ["KE", "Kenya"], ["ZA", "South Africa"], ["EG", "Egypt"],
  ["CM", "Cameroon"], ["SN", "Senegal"], ["CI", "Côte d'Ivoire"], ["BJ", "Benin"], ["TG", "Togo"],
  ["GB", "United Kingdom"], ["US", "United States"], ["CA", "Canada"], ["DE", "Germany"], ["FR", "France"],
  ["NL", "Netherlands"], ["IT", "Italy"], ["ES", "Spain"], ["IN", "India"], ["CN", "China"],
  ["JP", "Japan"], ["BR", "Brazil"], ["AE", "United Arab Emirates"], ["AU", "Australia"], ["LI", "Liechtenstein"],
];

const $ = (id) => document.getElementById(id);
const keyInput = $("apikey");
const q = $("q");
const list = $("suggestions");
const country = $("country");

// ---- API ----

// apiError turns a problem+json answer (RFC 9457) into a sentence a
// person can act on.
async function apiError(resp) {
  let p = {};
  try { p = await resp.json(); } catch (e) { /* not JSON */ }
  const detail = p.detail || p.title || resp.statusText || "no answer";
  switch (p.code) {
    case "unauthorized":
      return "The API key was refused (" + detail + ") Check the key above, or ask the operator for one.";
    case "rate_limited":
      return "Too many requests for this key; wait " + (resp.headers.get("Retry-After") || "a few") + " seconds and try again.";
    case "body_too_large":
    case "too_many_records":
      return "The file is too large: " + detail;
    case "server_busy":
    case "unavailable":
    case "not_ready":
      return "The service is busy or starting; try again in a few seconds. (" + detail + ")";
    default:
      return detail + (p.code ? " (" + p.code + ")" : "");
  }
}

async function api(path, init) {
  const key = keyInput.value.trim();
  if (!key) {
    throw new Error("Enter your API key first, in the API key box above.");
  }
  init = init || {};
  init.headers = Object.assign({ "Authorization": "Bearer " + key }, init.headers || {});
  let resp;
  try {
    resp = await fetch(path, init);
  } catch (e) {
    throw new Error("The server could not be reached: " + e.message);
  }
  if (!resp.ok) {
    const err = new Error(await apiError(resp));
    err.status = resp.status;
    throw err;
  }
  return resp.json();
}

function showError(id, message) {
  const el = $(id);
  el.textContent = message || "";
  el.hidden = !message;
}

// ---- the API key ----

keyInput.value = sessionStorage.getItem("addrkit.key") || "";
keyInput.addEventListener("input", () => sessionStorage.setItem("addrkit.key", keyInput.value.trim()));

// A file's region is sent only when one is chosen: the default reads each
// row as Nigerian unless it implies another country (a city with its
// postcode, the language of its street), which a region chosen outweighs.
const anyRegion = document.createElement("option");
anyRegion.value = "";
anyRegion.textContent = "Nigeria, or as each row implies (default)";
$("batch-region").appendChild(anyRegion);
for (const sel of [country, $("batch-region")]) {
  for (const [code, name] of COUNTRIES) {
    const o = document.createElement("option");
    o.value = code;
    o.textContent = name + " (" + code + ")";
    sel.appendChild(o);
  }
}
country.value = "NG";
$("batch-region").value = "";
// the country searched is the region of a typed address once a person
// chooses it; before, the address is read as the default region is
let countryChosen = false;
country.addEventListener("change", () => { countryChosen = true; });

// ---- suggestions ----

let suggestions = [];
let active = -1;
let timer = 0;
let asked = 0; // the number of the last query sent: older answers are dropped

function closeList() {
  list.hidden = true;
  list.innerHTML = "";
  q.setAttribute("aria-expanded", "false");
  q.removeAttribute("aria-activedescendant");
  suggestions = [];
  active = -1;
}

// highlighted writes text into el with the matched spans (in code points)
// marked.
function highlighted(el, text, matches) {
  const chars = Array.from(text);
  let at = 0;
  const spans = (matches || []).slice().sort((a, b) => a.offset - b.offset);
  for (const m of spans) {
    if (m.offset < at) continue;
    if (m.offset > at) el.appendChild(document.createTextNode(chars.slice(at, m.offset).join("")));
    const mark = document.createElement("mark");
    mark.textContent = chars.slice(m.offset, m.offset + m.length).join("");
    el.appendChild(mark);
    at = m.offset + m.length;
  }
  if (at < chars.length) el.appendChild(document.createTextNode(chars.slice(at).join("")));
}

function render() {
  list.innerHTML = "";
  suggestions.forEach((s, i) => {
    const li = document.createElement("li");
    li.id = "sug-" + i;
    li.setAttribute("role", "option");
    li.setAttribute("aria-selected", i === active ? "true" : "false");
    const kind = document.createElement("span");
    kind.className = "kind";
    kind.textContent = s.kind;
    const main = document.createElement("span");
    main.className = "main";
    highlighted(main, s.main_text, s.matches);
    const secondary = document.createElement("span");
    secondary.className = "secondary";
    secondary.textContent = s.secondary_text;
    li.append(kind, main, secondary);
    li.addEventListener("mousedown", (e) => { e.preventDefault(); choose(i); });
    list.appendChild(li);
  });
  list.hidden = suggestions.length === 0;
  q.setAttribute("aria-expanded", suggestions.length ? "true" : "false");
  if (active >= 0) {
    q.setAttribute("aria-activedescendant", "sug-" + active);
    $("sug-" + active).scrollIntoView({ block: "nearest" });
  } else {
    q.removeAttribute("aria-activedescendant");
  }
}

async function suggest() {
  const text = q.value;
  if (!text.trim()) { closeList(); return; }
  const n = ++asked;
  try {
    const params = new URLSearchParams({ query: text, country: country.value, limit: "5" });
    const resp = await api("/v1/address/autocomplete?" + params);
    if (n !== asked) return;
    showError("search-error", "");
    suggestions = resp.suggestions || [];
    active = -1;
    render();
    $("suggest-status").textContent = suggestions.length
      ? suggestions.length + " suggestions; use the arrow keys to choose."
      : "No suggestions.";
  } catch (e) {
    if (n !== asked) return;
    closeList();
    showError("search-error", e.message);
  }
}

q.addEventListener("input", () => {
  clearTimeout(timer);
  timer = setTimeout(suggest, 150); // debounced: one request once typing pauses
});

q.addEventListener("keydown", (e) => {
  switch (e.key) {
    case "ArrowDown":
      if (!suggestions.length) return;
      e.preventDefault();
      active = (active + 1) % suggestions.length;
      render();
      break;
    case "ArrowUp":
      if (!suggestions.length) return;
      e.preventDefault();
      active = active <= 0 ? suggestions.length - 1 : active - 1;
      render();
      break;
    case "Enter":
      if (active >= 0) {
        e.preventDefault();
        choose(active);
      }
      break; // otherwise the form is submitted: the typed address is validated
    case "Escape":
      closeList();
      break;
  }
});

q.addEventListener("blur", () => setTimeout(closeList, 100));
country.addEventListener("change", () => { if (q.value.trim()) suggest(); });

function choose(i) {
  const s = suggestions[i];
  q.value = s.label;
  clearTimeout(timer);
  asked++;
  closeList();
  // exactly the place chosen, by its id; a house number carried with it
  validate(s.label, { placeId: s.id, house_number: (s.components && s.components.house_number) || "" });
}

// ---- validate ----

$("search-form").addEventListener("submit", (e) => {
  e.preventDefault();
  clearTimeout(timer);
  asked++;
  closeList();
  validate(q.value);
});

// item adds a component to a list; check, when given, is what the
// gazetteer made of it (confirmed, inferred, corrected, unconfirmed),
// shown beside it in words, not by colour alone.
function item(dl, name, value, check) {
  if (value === undefined || value === null || value === "") return;
  const dt = document.createElement("dt");
  dt.textContent = name;
  const dd = document.createElement("dd");
  dd.textContent = value;
  if (check) {
    const c = document.createElement("span");
    c.className = "check " + check;
    c.textContent = check;
    dd.append(" ", c);
  }
  dl.append(dt, dd);
}

function listOf(title, items, parent) {
  if (!items || !items.length) return;
  const h = document.createElement("h3");
  h.textContent = title;
  const ul = document.createElement("ul");
  for (const t of items) {
    const li = document.createElement("li");
    li.textContent = t;
    ul.appendChild(li);
  }
  parent.append(h, ul);
}

async function validate(text, place) {
  const out = $("result");
  if (!text.trim()) {
    showError("search-error", "Type an address to validate.");
    return;
  }
  showError("search-error", "");
  $("validate-button").disabled = true;
  try {
    const r = await api("/v1/address/validate", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(place ? place : countryChosen ? { address: text, region: country.value } : { address: text }),
    });
    out.innerHTML = "";
    const box = document.createElement("div");
    box.className = "result";
    box.id = "validate-result";
    const h = document.createElement("h3");
    h.textContent = "Result";
    const verdict = document.createElement("p");
    const badge = document.createElement("span");
    badge.className = "verdict " + r.status;
    badge.textContent = r.status.replace("_", " ");
    verdict.append(badge, document.createTextNode(
      " confidence " + r.confidence + ", matched at " + r.match_level.toLowerCase() + " level; next: " + r.next_action.toLowerCase()));
    const line = document.createElement("p");
    line.className = "line";
    line.textContent = r.formatted_address;
    const copy = document.createElement("button");
    copy.type = "button";
    copy.className = "copy";
    copy.textContent = "Copy address";
    copy.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(r.formatted_address);
        copy.textContent = "Copied";
      } catch {
        copy.textContent = "Select the address to copy it";
      }
    });
    box.append(h, verdict, line, copy);
    listOf("Reasons", r.reasons, box);
    const ch = document.createElement("h3");
    ch.textContent = "Components";
    const dl = document.createElement("dl");
    dl.className = "components";
    const ck = r.checks || {};
    item(dl, "Organization", r.organization, ck.organization);
    item(dl, "Unit", r.unit, ck.unit);
    item(dl, "House number", r.house_number, ck.house_number);
    item(dl, "Street", [r.street_name, r.street_type].filter(Boolean).join(" "), ck.street);
    item(dl, "Estate", r.estate, ck.estate);
    item(dl, "Neighbourhood", r.neighbourhood, ck.neighbourhood);
    item(dl, "Landmark", [r.landmark_relation, r.landmark].filter(Boolean).join(" "), ck.landmark);
    item(dl, "City", r.city, ck.city);
    item(dl, "LGA", r.lga, ck.lga);
    item(dl, "State", r.state && r.state + (r.state_code ? " (" + r.state_code + ")" : ""), ck.state);
    item(dl, "Postcode", r.postcode, ck.postcode);
    item(dl, "Country", r.country && r.country + " (" + r.country_code + ")");
    item(dl, "Point", r.latitude === null ? "not placed" : r.latitude.toFixed(5) + ", " + r.longitude.toFixed(5) +
      (r.accuracy_m ? " (within about " + (r.accuracy_m >= 1000 ? Math.round(r.accuracy_m / 1000) + " km" : r.accuracy_m + " m") + ")" : ""));
    item(dl, "Plus Code", r.plus_code);
    box.append(ch, dl);
    if (r.latitude !== null) box.append(mapOf(r));
    if (r.alternatives && r.alternatives.length) box.append(alternativesOf(r));
    listOf("Missing", (r.missing_components || []).map((m) => m.replace(/_/g, " ")), box);
    listOf("Not understood", r.unresolved_tokens, box);
    // what a person rarely needs: behind a disclosure
    const more = document.createElement("details");
    more.className = "more";
    const sum = document.createElement("summary");
    sum.textContent = "Details: changes, warnings, place id";
    more.append(sum);
    listOf("Changes", (r.changes || []).filter((c) => c.kind !== "unchanged").map((c) =>
      c.field + ": " + c.kind + (c.from ? " “" + c.from + "”" : "") + (c.to ? " → “" + c.to + "”" : "") + (c.reason ? " (" + c.reason + ")" : "")), more);
    listOf("Warnings", r.warnings, more);
    const ids = document.createElement("dl");
    ids.className = "components";
    item(ids, "Place id", r.place_id);
    more.append(ids);
    box.append(more);
    out.appendChild(box);
  } catch (e) {
    showError("search-error", e.message);
  } finally {
    $("validate-button").disabled = false;
  }
}

// ---- batch ----

let polling = 0;
let following = 0; // the job the page follows: an older poll stops

$("batch-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const f = $("file").files[0];
  showError("batch-error", "");
  if (!f) {
    showError("batch-error", "Choose a CSV, TSV or text file first.");
    return;
  }
  $("upload-button").disabled = true;
  try {
    // the file is streamed as a form, the fields before it: the page
    // never reads it whole, nor does the server
    const form = new FormData();
    if ($("batch-region").value) form.append("region", $("batch-region").value);
    form.append("file", f, f.name);
    const r = await upload("/v1/batch/process", form, f);
    remember({ id: r.jobId, filename: f.name, submitted: new Date().toISOString(), status: r.status || "QUEUED" });
    follow(r.jobId);
  } catch (err) {
    showError("batch-error", err.message);
  } finally {
    $("upload-button").disabled = false;
  }
});

// upload sends a form as api does, showing the progress of its upload
// (XMLHttpRequest reports it; fetch does not) in place of the job.
function upload(path, form, f) {
  const key = keyInput.value.trim();
  if (!key) return Promise.reject(new Error("Enter your API key first, in the API key box above."));
  clearTimeout(polling);
  following++; // a job followed before stops being polled
  const out = $("job");
  out.innerHTML = "";
  const box = document.createElement("div");
  box.id = "upload-status";
  const label = document.createElement("label");
  label.htmlFor = "upload-progress";
  label.textContent = "Uploading " + f.name;
  const bar = document.createElement("progress");
  bar.id = "upload-progress";
  bar.max = f.size || 1;
  bar.value = 0;
  const said = document.createElement("p");
  said.className = "help";
  said.setAttribute("aria-live", "polite");
  box.append(label, bar, said);
  out.append(box);
  const mb = (n) => (n / 1e6).toFixed(n < 1e7 ? 1 : 0) + " MB";
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    xhr.setRequestHeader("Authorization", "Bearer " + key);
    xhr.upload.addEventListener("progress", (e) => {
      if (!e.lengthComputable) return;
      bar.max = e.total;
      bar.value = e.loaded;
      said.textContent = Math.floor((100 * e.loaded) / e.total) + "% sent (" + mb(e.loaded) + " of " + mb(e.total) + ")";
    });
    xhr.upload.addEventListener("load", () => { said.textContent = "Sent; the server is storing the file…"; });
    xhr.addEventListener("error", () => reject(new Error("The server could not be reached while sending the file.")));
    xhr.addEventListener("load", async () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try { resolve(JSON.parse(xhr.responseText)); } catch (e) { reject(new Error("The server's answer is not JSON.")); }
        return;
      }
      const headers = new Headers();
      for (const h of ["Content-Type", "Retry-After"]) if (xhr.getResponseHeader(h)) headers.set(h, xhr.getResponseHeader(h));
      reject(new Error(await apiError(new Response(xhr.responseText, { status: xhr.status, statusText: xhr.statusText, headers }))));
    });
    xhr.send(form);
  });
}

function follow(id) {
  clearTimeout(polling);
  const mine = ++following;
  const out = $("job");
  out.innerHTML = "";
  const box = document.createElement("div");
  box.id = "job-status";
  const state = document.createElement("p");
  const label = document.createElement("label");
  label.htmlFor = "job-progress";
  label.textContent = "Progress";
  const bar = document.createElement("progress");
  bar.id = "job-progress";
  bar.max = 100;
  bar.value = 0;
  const counts = document.createElement("p");
  box.append(state, label, bar, counts);
  out.appendChild(box);
  const poll = async () => {
    if (mine !== following) return;
    try {
      const j = await api("/v1/batch/" + encodeURIComponent(id));
      if (mine !== following) return;
      state.innerHTML = "";
      const s = document.createElement("span");
      s.className = "job-state";
      s.textContent = j.status;
      state.append(document.createTextNode("Job " + j.id + " (" + j.filename + "): "), s);
      bar.value = j.progress;
      remember({ id: j.id, status: j.status });
      counts.textContent = j.processedCount + " of " + j.rowCount + " rows: " + j.highConfidenceCount +
        " high confidence, " + j.partialMatchCount + " partial, " + j.unverifiedCount + " unverified (" + j.validatedPercent + "% validated).";
      if (j.status === "COMPLETED") {
        box.appendChild(summary(j));
        box.appendChild(rowsTable(j));
        const a = document.createElement("a");
        a.id = "download";
        a.href = j.downloadUrl;
        a.textContent = "Download the results (" + j.rowCount + " rows, CSV)";
        const p = document.createElement("p");
        p.appendChild(a);
        box.appendChild(p);
        return;
      }
      if (j.status === "FAILED" || j.status === "CANCELLED") {
        showError("batch-error", "The job " + j.status.toLowerCase() + (j.error ? ": " + j.error : "."));
        return;
      }
      polling = setTimeout(poll, 1000);
    } catch (err) {
      showError("batch-error", err.message);
      if (err.status >= 400 && err.status < 500 && err.status !== 429) {
        return; // a refused key or a job gone: asking again will not help
      }
      polling = setTimeout(poll, 3000);
    }
  };
  poll();
}

// ---- the jobs of this browser ----

// The jobs submitted from this browser, newest first, kept in local
// storage: id, file name, time of submission, last status seen.
const historyKey = "addrkit.jobs";
const historyMax = 20;

function history() {
  try {
    const h = JSON.parse(localStorage.getItem(historyKey) || "[]");
    return Array.isArray(h) ? h : [];
  } catch {
    return [];
  }
}

// remember records a job, or what changed of one, and shows the list.
function remember(job) {
  const h = history();
  const i = h.findIndex((x) => x.id === job.id);
  if (i >= 0) {
    if (h[i].status === job.status) return;
    h[i] = Object.assign(h[i], job);
  } else {
    h.unshift(job);
  }
  localStorage.setItem(historyKey, JSON.stringify(h.slice(0, historyMax)));
  showHistory();
}

function showHistory() {
  const h = history();
  $("history-panel").hidden = h.length === 0;
  const ul = $("history");
  ul.innerHTML = "";
  h.forEach((job, n) => {
    const li = document.createElement("li");
    li.id = "history-" + n;
    const when = new Date(job.submitted);
    li.textContent = (job.filename || job.id) + " — " + (isNaN(when) ? "" : when.toLocaleString() + " — ") + job.status + " ";
    const b = document.createElement("button");
    b.type = "button";
    b.className = "secondary";
    b.textContent = job.status === "COMPLETED" ? "Show and download" : "Show";
    b.addEventListener("click", () => follow(job.id));
    li.appendChild(b);
    ul.appendChild(li);
  });
}

$("forget-history").addEventListener("click", () => {
  localStorage.removeItem(historyKey);
  showHistory();
});

showHistory();
// the last job, when it was not finished, is followed again
{
  const last = history()[0];
  if (last && !["COMPLETED", "FAILED", "CANCELLED"].includes(last.status) && keyInput.value) follow(last.id);
}

// summary shows a finished job's rows by verdict as a bar (each part
// labelled with its count and share, so colour is not the only cue) and
// how long the job took.
function summary(j) {
  const wrap = document.createElement("div");
  wrap.id = "job-summary";
  const parts = [
    ["HIGH_CONFIDENCE", "high confidence", j.highConfidenceCount],
    ["PARTIAL", "partial", j.partialMatchCount],
    ["UNVERIFIED", "unverified", j.unverifiedCount],
  ];
  const total = Math.max(1, parts.reduce((n, p) => n + p[2], 0));
  const bar = document.createElement("div");
  bar.className = "verdict-bar";
  bar.setAttribute("role", "img");
  const words = parts.map((p) => p[2] + " " + p[1] + " (" + Math.round((100 * p[2]) / total) + "%)");
  bar.setAttribute("aria-label", "Rows by verdict: " + words.join(", "));
  for (const [cls, , n] of parts) {
    if (!n) continue;
    const seg = document.createElement("span");
    seg.className = "verdict " + cls;
    seg.style.width = (100 * n) / total + "%";
    seg.textContent = n;
    bar.appendChild(seg);
  }
  const legend = document.createElement("p");
  legend.className = "help";
  let took = "";
  const t0 = Date.parse(j.startedAt || j.createdAt), t1 = Date.parse(j.finishedAt);
  if (!isNaN(t0) && !isNaN(t1)) took = "; took " + Math.max(0, (t1 - t0) / 1000).toFixed(1) + " s";
  legend.textContent = j.rowCount + " rows: " + words.join(", ") + took + ".";
  wrap.append(bar, legend);
  return wrap;
}

// ---- the map ----

// The server's map settings (tiles and their attribution), asked once.
let mapConfig = null;
async function config() {
  if (!mapConfig) {
    try {
      const resp = await fetch("/ui/config.json");
      mapConfig = resp.ok ? await resp.json() : {};
    } catch {
      mapConfig = {};
    }
  }
  return mapConfig;
}

// mapOf returns a map of a result's point: a marker, and for an answer
// that is not certain a circle of its accuracy radius. Without tiles (none
// set, or none loading) the marker, the scale and the coordinates below
// still show.
function mapOf(r) {
  const wrap = document.createElement("figure");
  wrap.className = "map";
  const div = document.createElement("div");
  div.id = "map";
  div.setAttribute("role", "img");
  div.setAttribute("aria-label", "Map of the point " + r.latitude.toFixed(5) + ", " + r.longitude.toFixed(5));
  const cap = document.createElement("figcaption");
  cap.className = "help";
  cap.textContent = r.latitude.toFixed(5) + ", " + r.longitude.toFixed(5) +
    (r.status !== "HIGH_CONFIDENCE" && r.accuracy_m ? "; the circle is where the address most likely is (" + r.accuracy_m + " m)" : "") +
    (r.alternatives && r.alternatives.length ? "; the grey points are other places of the same name" : "");
  wrap.append(div, cap);
  if (typeof L === "undefined") return wrap; // the library did not load
  // drawn once the figure is in the page (Leaflet measures its box)
  requestAnimationFrame(async () => {
    const at = L.latLng(r.latitude, r.longitude);
    const m = L.map(div, { scrollWheelZoom: false });
    const uncertain = r.status !== "HIGH_CONFIDENCE" && r.accuracy_m;
    const others = (r.alternatives || []).map((a) => [L.latLng(a.latitude, a.longitude), a.label]);
    // the view first: layers are placed by it
    if (others.length) m.fitBounds(L.latLngBounds([at, ...others.map((o) => o[0])]).pad(0.15));
    else if (uncertain) m.fitBounds(at.toBounds(2 * r.accuracy_m));
    else m.setView(at, 17);
    L.control.scale().addTo(m);
    if (uncertain) L.circle(at, { radius: r.accuracy_m, weight: 1, color: "#9a6700", fillOpacity: 0.08 }).addTo(m);
    for (const [p, label] of others) {
      L.circleMarker(p, { radius: 5, weight: 1, color: "#6e7781", fillOpacity: 0.35, className: "alternative" })
        .bindTooltip(label).addTo(m);
    }
    L.circleMarker(at, { radius: 7, weight: 2, color: "#0b5cad", fillOpacity: 0.9 }).bindTooltip(r.formatted_address).addTo(m);
    const c = await config();
    if (c.tiles) L.tileLayer(c.tiles, { maxZoom: 19, attribution: c.tilesAttribution || "" }).addTo(m);
  });
  return wrap;
}

// alternativesOf lists the other places that matched as well as the one
// chosen (the lighter markers of the map), each a button that validates
// that place instead.
function alternativesOf(r) {
  const wrap = document.createElement("div");
  wrap.id = "alternatives";
  const h = document.createElement("h4");
  const n = r.alternatives.length, all = Math.max(n, r.candidate_count - 1);
  h.textContent = "Also matches: " + (n < all ? n + " of " + all + " other places" : n === 1 ? "one other place" : n + " other places");
  const ul = document.createElement("ul");
  for (const a of r.alternatives) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.className = "link";
    b.textContent = a.label;
    b.title = "Validate " + a.label + " instead";
    b.addEventListener("click", () => validate(a.label, { placeId: a.place_id, house_number: r.house_number || "" }));
    li.append(b, document.createTextNode(" (" + (a.kind === "lga" ? "LGA" : a.kind) + ")"));
    ul.append(li);
  }
  wrap.append(h, ul);
  return wrap;
}

// ---- a finished file's rows ----

// rowsTable shows the first rows of a finished job's output (the server's
// /rows answer: 200 at most) with its key columns, and a filter by
// verdict that asks the server again.
function rowsTable(j) {
  const wrap = document.createElement("div");
  wrap.id = "job-rows";
  const label = document.createElement("label");
  label.htmlFor = "rows-filter";
  label.textContent = "Show rows";
  const pick = document.createElement("select");
  pick.id = "rows-filter";
  for (const [v, t] of [["", "all"], ["HIGH_CONFIDENCE", "high confidence"], ["PARTIAL", "partial"], ["UNVERIFIED", "unverified"]]) {
    const o = document.createElement("option");
    o.value = v;
    o.textContent = t;
    pick.appendChild(o);
  }
  const note = document.createElement("p");
  note.className = "help";
  note.setAttribute("aria-live", "polite");
  const scroller = document.createElement("div");
  scroller.className = "table-scroll";
  wrap.append(label, pick, note, scroller);
  const load = async () => {
    const q = pick.value ? "?status=" + pick.value : "";
    try {
      const p = await api("/v1/batch/" + encodeURIComponent(j.id) + "/rows" + q);
      scroller.innerHTML = "";
      const at = (name) => p.columns.indexOf(name);
      const input = p.columns.findIndex((c) => c.startsWith("input_") && c !== "input_id");
      const cols = [["Row", at("row_number")], ["Verdict", at("status")], ["Written", input],
        ["Formatted address", at("formatted_address")], ["State", at("state")], ["Error", at("error")]].filter((c) => c[1] >= 0);
      const table = document.createElement("table");
      const head = table.createTHead().insertRow();
      for (const [name] of cols) {
        const th = document.createElement("th");
        th.scope = "col";
        th.textContent = name;
        head.appendChild(th);
      }
      const body = table.createTBody();
      for (const row of p.rows) {
        const tr = body.insertRow();
        for (const [name, i] of cols) {
          const td = tr.insertCell();
          td.textContent = row[i] || "";
          td.dataset.label = name; // a phone shows each row as a card of labelled lines
        }
      }
      scroller.appendChild(table);
      note.textContent = p.rows.length + " row" + (p.rows.length === 1 ? "" : "s") + " shown" +
        (p.more ? " (the first " + p.rows.length + "; the download has them all)" : "") + ".";
    } catch (err) {
      note.textContent = err.message;
    }
  };
  pick.addEventListener("change", load);
  load();
  return wrap;
}
