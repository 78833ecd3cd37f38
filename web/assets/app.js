// The web chat's page: a room and the private chat with the master, live. Every text from the
// server is put in the page as text (textContent), never as markup.
'use strict';

const WORDS = {
  en: {
    'title': 'gm — the game master', 'room': 'Room', 'go': 'Go', 'switch': 'Switch player',
    'welcome': 'Welcome to the game master',
    'welcome-text': 'Choose the name the other players will see. Each browser tab is one player: to play a game alone on this machine, open a tab for each player.',
    'your-name': 'Your name', 'enter': 'Enter', 'room-title': 'Room',
    'dm-title': 'Private chat with the master', 'send': 'Send',
    'room-ph': 'Write to the room… (/newgame, /help, /room NAME)',
    'dm-ph': 'Only the master reads this…', 'attach-title': 'Send a file (an exported game) to the master',
    'dm-tab': 'Private', 'your-turn': 'Your turn', 'rooms': '🏠 Rooms', 'rooms-title': 'Rooms and their games',
    'rooms-text': 'Go to a room to play or watch; send a room\'s invite link to whoever should join.',
    'close': 'Close', 'invite': '📋 Invite link', 'invite-told': 'The invite link to this room, copied if the browser let it:',
    'here': 'here', 'no-game': 'no game', 'lobby': 'a game to join', 'setup': 'setting up', 'playing': 'in play',
    'turn-of': 'turn of', 'no-rooms': 'No room has been used yet: write /newgame in any room.', 'bell': '🔔', 'bell-title': 'A sound and a notification when it becomes your turn',
    'master': 'Master', 'signin': '🔑 Sign-in link',
    'signin-told': 'Your sign-in link, copied if the browser let it: open it on another device (or after closing this tab) to play as yourself. Keep it to yourself: whoever has it plays as you.',
    'signin-hint': 'Played here before? Open your sign-in link (🔑 at the top of your page) to go on as yourself.',
    'room-empty': 'Nothing here yet. Write /newgame to open a game, or /help.',
    'dm-empty': 'The master whispers here: your start cell, your cards, your secrets.',
    'offline': 'The connection is lost; reconnecting…', 'bad-room': 'A room\'s name is 1 to 32 letters, digits, - or _.',
    'file-long': 'The file is too long: at most 1024 KiB.', 'download': 'Download',
    'game-over': 'over', 'in-private': 'here',
  },
  ru: {
    'title': 'gm — ведущий', 'room': 'Комната', 'go': 'Перейти', 'switch': 'Сменить игрока',
    'welcome': 'Добро пожаловать к ведущему',
    'welcome-text': 'Выберите имя, которое увидят другие игроки. Каждая вкладка браузера — один игрок: чтобы сыграть партию одному на этом компьютере, откройте по вкладке на игрока.',
    'your-name': 'Ваше имя', 'enter': 'Войти', 'room-title': 'Комната',
    'dm-title': 'Личный чат с ведущим', 'send': 'Отправить',
    'room-ph': 'Напишите в комнату… (/newgame, /help, /room ИМЯ)',
    'dm-ph': 'Это читает только ведущий…', 'attach-title': 'Отправить ведущему файл (сохранённую игру)',
    'dm-tab': 'Личное', 'your-turn': 'Ваш ход', 'rooms': '🏠 Комнаты', 'rooms-title': 'Комнаты и их игры',
    'rooms-text': 'Перейдите в комнату, чтобы играть или смотреть; пошлите ссылку-приглашение тем, кого ждёте.',
    'close': 'Закрыть', 'invite': '📋 Пригласить', 'invite-told': 'Ссылка-приглашение в эту комнату (скопирована, если браузер позволил):',
    'here': 'здесь', 'no-game': 'игры нет', 'lobby': 'игра набирает игроков', 'setup': 'подготовка', 'playing': 'идёт игра',
    'turn-of': 'ходит', 'no-rooms': 'Комнатами ещё не пользовались: напишите /newgame в любой комнате.', 'bell': '🔔', 'bell-title': 'Звук и уведомление, когда наступает ваш ход',
    'master': 'Ведущий', 'signin': '🔑 Ссылка для входа',
    'signin-told': 'Ваша ссылка для входа (скопирована, если браузер позволил): откройте её на другом устройстве (или после закрытия вкладки), чтобы играть под своим именем. Не давайте её другим: кто её откроет, играет за вас.',
    'signin-hint': 'Уже играли здесь? Откройте свою ссылку для входа (🔑 вверху вашей страницы), чтобы продолжить под своим именем.',
    'room-empty': 'Здесь пока пусто. Напишите /newgame, чтобы открыть игру, или /help.',
    'dm-empty': 'Здесь ведущий шепчет: вашу стартовую клетку, ваши карты, ваши тайны.',
    'offline': 'Связь потеряна; переподключаемся…', 'bad-room': 'Имя комнаты — от 1 до 32 букв, цифр, - или _.',
    'file-long': 'Файл слишком длинный: не больше 1024 КиБ.', 'download': 'Скачать',
    'game-over': 'окончена', 'in-private': 'здесь',
  },
};

const $ = (id) => document.getElementById(id);
const state = {
  lang: localStorage.getItem('gm-lang') || ((navigator.language || '').startsWith('ru') ? 'ru' : 'en'),
  me: null,
  room: roomFromHash() || 'lobby',
  after: 0,
  stream: null,
  shown: new Map(),
  pending: { room: null, dm: null },
  // Games waiting for this tab's player, as last counted; whether he wants a sound and a notice.
  waiting: 0,
  // The room's newest message of the master with a picture (pinned above the room) and with
  // buttons (older ones are stale).
  board: 0,
  live: 0,
  bell: localStorage.getItem('gm-bell') === 'on',
  // The private chat, by game: each game's section, what is known of it, and the game the master
  // last wrote about (the player's own words go with it).
  sections: new Map(),
  games: new Map(),
  folded: new Set(),
  lastGame: null,
};

function t(key) { return (WORDS[state.lang] || WORDS.en)[key] || WORDS.en[key] || key; }

function roomFromHash() {
  const m = /room=([^&]+)/.exec(location.hash);
  return m ? cleanRoom(decodeURIComponent(m[1])) : null;
}

function cleanRoom(raw) {
  const name = raw.trim().toLowerCase();
  return /^[\p{L}\p{N}_-]{1,32}$/u.test(name) ? name : null;
}

function applyLang() {
  document.body.dataset.offline = t('offline');
  document.documentElement.lang = state.lang;
  for (const el of document.querySelectorAll('[data-t]')) el.textContent = t(el.dataset.t);
  for (const el of document.querySelectorAll('[data-ph]')) el.placeholder = t(el.dataset.ph);
  for (const el of document.querySelectorAll('[data-t-title]')) el.title = t(el.dataset.tTitle);
  $('lang').textContent = state.lang === 'ru' ? 'EN' : 'RU';
  showWaiting();
  markEmpty();
  for (const id of state.sections.keys()) labelSection(id);
}

function newKey() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function headers(json) {
  const h = { 'X-GM-Lang': state.lang };
  if (state.me) h['Authorization'] = 'Bearer ' + state.me.secret;
  if (json) h['Content-Type'] = 'application/json';
  return h;
}

/** A GET of this page's player, as JSON; null when it fails (the caller tries again later). */
async function getJson(path) {
  const res = await fetch(path, { headers: headers(false) }).catch(() => null);
  return res && res.ok ? res.json().catch(() => null) : null;
}

/** Offers a link: to the clipboard if the browser lets it, and in a toast all the same. */
async function share(words, link, ms) {
  try { await navigator.clipboard.writeText(link); } catch (e) { /* shown below all the same */ }
  toast(words + '\n' + link, ms);
}

async function post(path, body) {
  let res;
  try {
    res = await fetch(path, { method: 'POST', headers: headers(true), body: JSON.stringify(body) });
  } catch (e) {
    return { ok: false, error: t('offline') };
  }
  let data = {};
  try { data = await res.json(); } catch (e) { data = {}; }
  if (res.status === 401 && path !== '/api/name') forget();
  return res.ok ? { ok: true, data } : { ok: false, error: data.error || res.statusText };
}

function toast(text, ms = 5000) {
  const el = $('toast');
  el.textContent = text;
  el.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { el.hidden = true; }, ms);
}

// ---- who plays in this tab ----

// A tab's player lives in its sessionStorage only: no list of players (and their secrets) is kept
// for the next person at this machine. To come back elsewhere a player opens his sign-in link.

/** The secret a sign-in link (`#signin=SECRET`) carries, taken out of the address. */
function signinFromHash() {
  const m = /signin=([0-9a-f]{64})/.exec(location.hash);
  if (!m) return null;
  history.replaceState(null, '', '#room=' + encodeURIComponent(state.room));
  return m[1];
}

function signinLink() {
  return location.origin + '/#signin=' + state.me.secret;
}

async function showSignin() {
  await share(t('signin-told'), signinLink(), 20000);
}

function forget() {
  sessionStorage.removeItem('gm-me');
  state.me = null;
  state.waiting = 0;
  showWaiting();
  stopStream();
  showNameScreen();
}

function showNameScreen() {
  $('main').hidden = true;
  $('name-screen').hidden = false;
  $('me').textContent = '';
  $('name-input').focus();
}

/** Goes on as the player whose secret this is, if the server knows it. */
async function resume(secret) {
  state.me = { secret };
  const me = await getJson('/api/me');
  if (!me) {
    state.me = null;
    showNameScreen();
    return;
  }
  enter({ id: me.id, name: me.name, secret });
}

function enter(me) {
  state.me = me;
  sessionStorage.setItem('gm-me', JSON.stringify(me));
  $('name-screen').hidden = true;
  $('main').hidden = false;
  $('me').textContent = me.name;
  openRoom(state.room);
  $('room-input').focus();
  countTurns();
}

async function chooseName(ev) {
  ev.preventDefault();
  const res = await post('/api/name', { name: $('name-input').value });
  if (!res.ok) { $('name-error').textContent = res.error; return; }
  $('name-error').textContent = '';
  enter({ id: res.data.id, name: res.data.name, secret: res.data.secret });
}

// ---- the live stream ----

function stopStream() {
  if (state.stream) state.stream.abort();
  state.stream = null;
}

function openRoom(name) {
  state.room = name;
  history.replaceState(null, '', '#room=' + encodeURIComponent(name));
  $('room-name').value = name;
  $('room-title').textContent = '#' + name;
  state.after = 0;
  state.board = 0;
  state.live = 0;
  $('room-board').hidden = true;
  $('room-board').replaceChildren();
  state.shown.clear();
  $('room-log').replaceChildren();
  $('dm-log').replaceChildren();
  state.sections.clear();
  state.lastGame = null;
  markEmpty();
  stopStream();
  listen();
  // Once the stream has counted this page in.
  setTimeout(showHere, 500);
}

async function listen() {
  const ctl = new AbortController();
  state.stream = ctl;
  let wait = 500;
  while (state.stream === ctl) {
    try {
      const url = '/api/events?room=' + encodeURIComponent(state.room) + '&after=' + state.after;
      const res = await fetch(url, { headers: headers(false), signal: ctl.signal });
      if (res.status === 401) { forget(); return; }
      if (!res.ok || !res.body) throw new Error(res.statusText);
      document.body.classList.remove('offline');
      wait = 500;
      await readEvents(res.body.getReader(), ctl);
    } catch (e) {
      if (ctl.signal.aborted) return;
    }
    if (state.stream !== ctl) return;
    document.body.classList.add('offline');
    await new Promise((r) => setTimeout(r, wait));
    wait = Math.min(wait * 2, 8000);
  }
}

async function readEvents(reader, ctl) {
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done || state.stream !== ctl) return;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n/g, '\n');
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5).replace(/^ /, '')).join('\n');
      if (data) show(JSON.parse(data));
    }
  }
}

// ---- whose turn ----

/** Counts the games waiting for this player (soon after a change, and now and then). */
function countTurns() {
  clearTimeout(countTurns.timer);
  countTurns.timer = setTimeout(async () => {
    if (!state.me) return;
    if (state.sections.size) countGames();
    const data = await getJson('/api/turns');
    if (!data) return;
    const n = data.rooms.length + data.private;
    if (n > state.waiting) ring(data.rooms);
    state.waiting = n;
    showWaiting();
  }, 300);
}

/** The count in the tab's title and on its icon. */
function showWaiting() {
  const n = state.waiting;
  document.title = (n ? '(' + n + ') ' : '') + t('title');
  drawIcon(n);
}

function drawIcon(n) {
  const link = document.querySelector('link[rel=icon]');
  if (!n) { link.href = '/icon.svg'; return; }
  const img = new Image();
  img.onload = () => {
    const c = document.createElement('canvas');
    c.width = c.height = 64;
    const g = c.getContext('2d');
    g.drawImage(img, 0, 0, 64, 64);
    g.fillStyle = '#a32020';
    g.beginPath(); g.arc(44, 20, 20, 0, 2 * Math.PI); g.fill();
    g.fillStyle = '#fff';
    g.font = 'bold 28px sans-serif'; g.textAlign = 'center'; g.textBaseline = 'middle';
    g.fillText(n > 9 ? '9+' : String(n), 44, 21);
    c.toBlob((b) => { if (b && state.waiting === n) link.href = URL.createObjectURL(b); });
  };
  img.src = '/icon.svg';
}

/** It became this player's turn somewhere: a short tone and a notification, if he asked for them. */
function ring(rooms) {
  if (!state.bell) return;
  try {
    const ctx = new AudioContext();
    const osc = ctx.createOscillator();
    osc.frequency.value = 660;
    osc.connect(ctx.destination);
    osc.start(); osc.stop(ctx.currentTime + 0.15);
  } catch (e) { /* no sound here */ }
  if (document.hidden && 'Notification' in window && Notification.permission === 'granted') {
    new Notification(t('your-turn'), { body: rooms.map((r) => '#' + r).join(', '), icon: '/icon.svg' });
  }
}

async function toggleBell() {
  state.bell = !state.bell;
  localStorage.setItem('gm-bell', state.bell ? 'on' : 'off');
  if (state.bell && 'Notification' in window && Notification.permission === 'default') {
    await Notification.requestPermission().catch(() => {});
  }
  showBell();
}

function showBell() {
  $('bell').classList.toggle('on', state.bell);
  $('bell').setAttribute('aria-pressed', String(state.bell));
}

// ---- messages ----

function logOf(m) { return m.chat === 'room' ? $('room-log') : $('dm-log'); }

function markEmpty() {
  for (const [id, key] of [['room-log', 'room-empty'], ['dm-log', 'dm-empty']]) {
    const log = $(id);
    const hint = log.querySelector('.empty');
    if (log.querySelector('.msg')) { if (hint) hint.remove(); continue; }
    if (hint) { hint.textContent = t(key); continue; }
    const p = document.createElement('p');
    p.className = 'empty';
    p.textContent = t(key);
    log.append(p);
  }
}

function show(m) {
  state.after = Math.max(state.after, m.rev);
  const log = logOf(m);
  const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 80;
  const old = state.shown.get(m.id);
  const master = m.author_id == null && m.chat === 'room';
  if (master && m.buttons && m.buttons.length && m.id > state.live) {
    state.live = m.id;
    for (const [id, shown] of state.shown) if (id < m.id) staleButtons(shown);
  }
  const el = render(m);
  if (old) old.replaceWith(el); else placeOf(m).append(el);
  state.shown.set(m.id, el);
  if (m.id < state.live || el.closest('details.game.over')) staleButtons(el);
  if (master && m.picture && m.id >= state.board) pin(m);
  // A whisper while the room's tab shows: the private tab says there is news.
  if (!old && m.chat !== 'room' && document.body.dataset.tab !== 'dm') $('tab-dm').classList.add('news');
  markEmpty();
  if (m.author_id == null) countTurns();
  if (atBottom || !old) log.scrollTop = log.scrollHeight;
}

// ---- the private chat, by game ----

/** Where a new message goes: a private one into its game's section (the player's own words into
 * the section of the game the master last wrote about), anything else at the end of its log. */
function placeOf(m) {
  if (m.chat === 'room') return $('room-log');
  if (m.author_id == null) state.lastGame = m.game == null ? state.lastGame : m.game;
  const game = m.author_id == null ? m.game : state.lastGame;
  if (game == null) return $('dm-log');
  return sectionOf(game);
}

/** A game's section of the private chat, made on its first message. */
function sectionOf(game) {
  let sec = state.sections.get(game);
  if (sec) return sec;
  sec = document.createElement('details');
  sec.className = 'game';
  sec.open = true;
  sec.dataset.game = game;
  sec.append(document.createElement('summary'));
  state.sections.set(game, sec);
  $('dm-log').append(sec);
  labelSection(game);
  countGames();
  return sec;
}

/** A section's heading: the game's name, its room, and whether it is over. */
function labelSection(id) {
  const sec = state.sections.get(id);
  const g = state.games.get(id);
  if (!sec) return;
  const where = g ? (g.room ? '#' + g.room : t('in-private')) : '';
  // The game's number tells apart two games of a kind in one room, as the master's texts do.
  let words = (g ? g.title + ' #' + id : '…') + (where ? ' · ' + where : '');
  if (g && !g.running) words += ' — ' + t('game-over');
  sec.querySelector('summary').textContent = words;
  sec.classList.toggle('over', !!g && !g.running);
}

/** Asks which games the private chat's sections are (soon after a change): a finished game's
 * section is folded away, once (the player may open it again), and its buttons are stale. */
function countGames() {
  clearTimeout(countGames.timer);
  countGames.timer = setTimeout(async () => {
    const data = await getJson('/api/games');
    if (!data) return;
    for (const g of data.games) {
      state.games.set(g.id, g);
      const sec = state.sections.get(g.id);
      if (!sec) continue;
      labelSection(g.id);
      if (!g.running && !state.folded.has(g.id)) {
        state.folded.add(g.id);
        sec.open = false;
        for (const el of sec.querySelectorAll('.msg')) staleButtons(el);
      }
    }
  }, 200);
}

/** A room's older buttons, superseded by a newer message's: shown disabled. The lobby's links stay:
 * joining goes on while the game waits. */
function staleButtons(el) {
  const rows = el.querySelector('.rows');
  if (!rows || !(el.closest('#room-log') || el.closest('details.game.over'))) return;
  let stale = false;
  for (const b of rows.querySelectorAll('button:not(.link)')) { b.disabled = true; stale = true; }
  if (stale) rows.classList.add('stale');
}

/** The room's newest picture (the game's board), pinned above its messages; a click zooms. */
function pin(m) {
  state.board = m.id;
  const box = $('room-board');
  const img = picture(m);
  img.title = m.text.split('\n')[0];
  img.addEventListener('click', () => box.classList.toggle('zoomed'));
  box.replaceChildren(img);
  box.hidden = false;
}

function render(m) {
  const el = document.createElement('div');
  el.className = 'msg' + (m.author_id == null ? ' master' : '') + (state.me && m.author_id === state.me.id ? ' mine' : '');
  el.dataset.id = m.id;
  const who = document.createElement('div');
  who.className = 'author';
  who.textContent = m.author_id == null ? t('master') : m.author;
  el.append(who);
  if (m.picture) el.append(picture(m));
  if (m.text) {
    const text = document.createElement('div');
    // A plan or a drawn maze lines up only in a fixed-width font.
    text.className = 'text' + (/^\s*[+|#~][-+|#~ ]/m.test(m.text) ? ' mono' : '');
    text.textContent = m.text;
    el.append(text);
  }
  if (m.file) el.append(fileLink(m));
  if (m.buttons && m.buttons.length) el.append(buttons(m));
  return el;
}

function picture(m) {
  const img = document.createElement('img');
  img.alt = '';
  // A picture grows its message once loaded: a log that was at its end stays at its end.
  img.addEventListener('load', () => {
    const log = logOf(m);
    if (log.stick) log.scrollTop = log.scrollHeight;
  });
  // Named by its hash, a picture's URL always means the same bytes: the browser keeps it.
  const v = m.picture_key ? '?v=' + encodeURIComponent(m.picture_key) : '';
  fetch('/api/picture/' + m.id + v, { headers: headers(false) })
    .then((r) => (r.ok ? r.blob() : null))
    .then((b) => { if (b) img.src = URL.createObjectURL(b); })
    .catch(() => {});
  return img;
}

function fileLink(m) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'file';
  b.textContent = '📎 ' + m.file + ' — ' + t('download');
  b.addEventListener('click', async () => {
    const r = await fetch('/api/file/' + m.id, { headers: headers(false) }).catch(() => null);
    if (!r || !r.ok) return;
    const a = document.createElement('a');
    a.href = URL.createObjectURL(await r.blob());
    a.download = m.file;
    a.click();
  });
  return b;
}

function buttons(m) {
  const rows = document.createElement('div');
  rows.className = 'rows';
  for (const row of m.buttons) {
    const line = document.createElement('div');
    line.className = 'row';
    for (const b of row) {
      const btn = document.createElement('button');
      btn.type = 'button';
      btn.textContent = b.label;
      if (b.link) btn.classList.add('link');
      btn.addEventListener('click', () => press(m, b, btn));
      line.append(btn);
    }
    rows.append(line);
  }
  return rows;
}

async function press(m, b, btn) {
  // A link opens the private chat, which the server hands `/start DATA` (not shown as typed).
  if (b.link) { showTab('dm'); $('dm-input').focus(); }
  btn.disabled = true;
  const res = await post('/api/press', { message: m.id, data: b.data, key: newKey() });
  btn.disabled = false;
  if (!res.ok) toast(res.error);
  else if (res.data.popup) toast(res.data.popup);
}

// ---- writing ----

async function send(pane, ev) {
  if (ev) ev.preventDefault();
  const input = $(pane + '-input');
  const text = input.value;
  if (!text.trim()) return;
  const room = /^\/room(?:@\S+)?\s+(\S+)\s*$/i.exec(text.trim());
  if (pane === 'room' && room) {
    const name = cleanRoom(room[1]);
    if (!name) { $('room-error').textContent = t('bad-room'); return; }
    input.value = '';
    $('room-error').textContent = '';
    openRoom(name);
    return;
  }
  // The same text sent again after a failure keeps its key: shown and handled once.
  let p = state.pending[pane];
  if (!p || p.text !== text) p = state.pending[pane] = { text, key: newKey() };
  const body = pane === 'room' ? { room: state.room, text, key: p.key } : { private: true, text, key: p.key };
  $(pane + '-send').disabled = true;
  const res = await post('/api/say', body);
  $(pane + '-send').disabled = false;
  if (!res.ok) { $(pane + '-error').textContent = res.error; return; }
  $(pane + '-error').textContent = '';
  state.pending[pane] = null;
  if (input.value === text) input.value = '';
  if (res.data.popup) toast(res.data.popup);
}

async function upload() {
  const file = $('dm-file').files[0];
  $('dm-file').value = '';
  if (!file) return;
  if (file.size > 1024 * 1024) { $('dm-error').textContent = t('file-long'); return; }
  const res = await post('/api/upload', { name: file.name, text: await file.text(), key: newKey() });
  $('dm-error').textContent = res.ok ? '' : res.error;
  if (res.ok && res.data.popup) toast(res.data.popup);
}

/** Keeps a log at its end while the reader is there: as messages come, pictures load, and the
 * log itself shrinks (the room's board pinned above it, a phone's keyboard). */
function keepAtEnd(log) {
  log.stick = true;
  // Only the reader scrolling up lets go of the end: the log shrinking under the board, or growing
  // by a picture, moves no scroll position of his.
  let last = 0;
  log.addEventListener('scroll', () => {
    if (log.scrollHeight - log.scrollTop - log.clientHeight < 80) log.stick = true;
    else if (log.scrollTop < last) log.stick = false;
    last = log.scrollTop;
  });
  new ResizeObserver(() => { if (log.stick) log.scrollTop = log.scrollHeight; }).observe(log);
}

// ---- the lobby ----

/** Who is in the current room, beside its name. */
async function showHere() {
  const data = await getJson('/api/here?room=' + encodeURIComponent(state.room));
  if (!data) return;
  const names = data.online;
  $('room-here').textContent = names.length ? '· ' + names.join(', ') + ' ' + t('here') : '';
}

function inviteLink(room) {
  return location.origin + '/#room=' + encodeURIComponent(room);
}

async function invite(room) {
  await share(t('invite-told'), inviteLink(room), 15000);
}

/** The lobby: every room in use, its game and whose turn, who is there. */
async function showRooms() {
  const data = await getJson('/api/rooms');
  const rooms = data ? data.rooms : [];
  const list = $('rooms-list');
  list.replaceChildren();
  if (!rooms.length) {
    const li = document.createElement('li');
    li.textContent = t('no-rooms');
    list.append(li);
  }
  for (const r of rooms) {
    const li = document.createElement('li');
    const name = document.createElement('span');
    name.className = 'name';
    name.textContent = '#' + r.name;
    const go = document.createElement('button');
    go.type = 'button';
    go.className = 'small';
    go.textContent = t('go');
    go.addEventListener('click', () => { $('rooms-screen').hidden = true; openRoom(r.name); });
    const inv = document.createElement('button');
    inv.type = 'button';
    inv.className = 'small invite';
    inv.textContent = t('invite');
    inv.addEventListener('click', () => invite(r.name));
    const game = document.createElement('span');
    game.className = 'game';
    if (r.game) {
      let words = r.game.kind + ': ' + t(r.game.status);
      if (r.game.turn) words += ', ' + t('turn-of') + ' ' + r.game.turn;
      game.textContent = words;
      if (state.me && r.game.turn === state.me.name) game.classList.add('yours');
    } else game.textContent = t('no-game');
    const people = document.createElement('span');
    people.className = 'people';
    people.textContent = r.online.length ? r.online.join(', ') + ' ' + t('here') : '';
    li.append(name, go, inv, game, people);
    list.append(li);
  }
  $('rooms-screen').hidden = false;
}

/** On a phone the two panes are tabs: `room` or `dm` shows. */
function showTab(tab) {
  document.body.dataset.tab = tab;
  $('tab-room').setAttribute('aria-pressed', String(tab === 'room'));
  $('tab-dm').setAttribute('aria-pressed', String(tab === 'dm'));
  $('tab-' + tab).classList.remove('news');
}

function wire() {
  showTab('room');
  $('tab-room').addEventListener('click', () => showTab('room'));
  $('tab-dm').addEventListener('click', () => showTab('dm'));
  keepAtEnd($('room-log'));
  keepAtEnd($('dm-log'));
  $('name-form').addEventListener('submit', chooseName);
  $('room-compose').addEventListener('submit', (e) => send('room', e));
  $('dm-compose').addEventListener('submit', (e) => send('dm', e));
  for (const pane of ['room', 'dm']) {
    $(pane + '-input').addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) send(pane, e);
    });
  }
  $('dm-file').addEventListener('change', upload);
  $('room-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const name = cleanRoom($('room-name').value);
    if (name) { $('room-error').textContent = ''; openRoom(name); } else $('room-error').textContent = t('bad-room');
  });
  $('lang').addEventListener('click', () => {
    state.lang = state.lang === 'ru' ? 'en' : 'ru';
    localStorage.setItem('gm-lang', state.lang);
    applyLang();
  });
  $('leave').addEventListener('click', forget);
  $('signin').addEventListener('click', showSignin);
  $('bell').addEventListener('click', toggleBell);
  $('rooms').addEventListener('click', showRooms);
  $('rooms-close').addEventListener('click', () => { $('rooms-screen').hidden = true; });
  $('invite').addEventListener('click', () => invite(state.room));
  setInterval(() => { if (state.me) showHere(); }, 15000);
  // Games in other rooms move on too: counted now and then, not only on this room's news.
  setInterval(countTurns, 30000);
  window.addEventListener('hashchange', () => {
    const name = roomFromHash();
    if (name && name !== state.room && state.me) openRoom(name);
  });
}

function start() {
  wire();
  applyLang();
  showBell();
  // Earlier versions kept every player of this browser, secrets included, for "Continue as".
  localStorage.removeItem('gm-known');
  let me = null;
  try { me = JSON.parse(sessionStorage.getItem('gm-me') || 'null'); } catch (e) { me = null; }
  const secret = signinFromHash() || (me && me.secret);
  if (secret) resume(secret); else showNameScreen();
}

start();
