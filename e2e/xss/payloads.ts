/**
 * A corpus of XSS payloads for issue 11 item 6. Every payload, should a browser ever run it, calls
 * `__xss('<id>')` (or opens a dialog: alert/confirm/prompt), which the spec's probe records; the spec
 * fails on any call. Payloads are kept short (most under 100 characters, the limit of name fields)
 * so that even a name field gets the whole corpus over a modest number of records.
 *
 * The probe call carries the payload's number, not its name, to keep payloads short: `{P}` in a
 * template becomes `__xss(17)`, `{B}` the same call with backticks (no parentheses or quotes), `{E}`
 * the call as HTML entities and `{64}` a base64 page whose script calls the parent's probe.
 */
export interface Payload {
  /** What the probe receives. */
  index: number;
  id: string;
  text: string;
}

/** Payloads written as templates (see above for `{P}`, `{B}`, `{E}` and `{64}`). */
const TEMPLATES: Array<[string, string]> = [
  // Script elements.
  ['script-plain', '<script>{P}</script>'],
  ['script-upper', '<SCRIPT>{P}</SCRIPT>'],
  ['script-mixed', '<ScRiPt>{P}</sCrIpT>'],
  ['script-src-data', '<script src="data:text/javascript,{P}"></script>'],
  ['script-nested', '<scr<script>ipt>{P}</scr</script>ipt>'],
  ['script-slash', '<script/x>{P}</script>'],
  ['script-unclosed', '<script>{P}//'],
  ['script-break-string', '";{P};//'],
  ['script-break-single', "';{P};//"],
  ['script-close-open', '</script><script>{P}</script>'],
  ['script-type', '<script type="text/javascript">{P}</script>'],
  ['script-module', '<script type="module">{P}</script>'],
  ['script-newline', '<script\n>{P}</script\n>'],
  // Event handlers on images.
  ['img-onerror', '<img src=x onerror="{P}">'],
  ['img-onerror-noquote', '<img src=x onerror={B}>'],
  ['img-onerror-slash', '<img/src=x/onerror="{P}">'],
  ['img-onload-data', '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" onload="{P}">'],
  ['img-upper', '<IMG SRC=x ONERROR="{P}">'],
  ['img-tab', '<img\tsrc=x\tonerror="{P}">'],
  ['img-newline', '<img\nsrc=x\nonerror="{P}">'],
  ['img-backtick', '<img src=x onerror={B}//>'],
  ['img-entity-handler', '<img src=x onerror="{E}">'],
  ['img-srcset', '<img srcset="x" onerror="{P}">'],
  ['img-broken-attr', '<img """><script>{P}</script>">'],
  ['image-tag', '<image src=x onerror="{P}">'],
  ['picture', '<picture><source srcset=x><img src=x onerror="{P}"></picture>'],
  // SVG.
  ['svg-onload', '<svg onload="{P}">'],
  ['svg-onload-slash', '<svg/onload="{P}">'],
  ['svg-script', '<svg><script>{P}</script></svg>'],
  ['svg-animate', '<svg><animate onbegin="{P}" attributeName=x dur=1s>'],
  ['svg-set', '<svg><set onbegin="{P}" attributeName=x to=1>'],
  ['svg-a-href', '<svg><a href="javascript:{P}"><text y=20>x</text></a></svg>'],
  ['svg-a-xlink', '<svg><a xlink:href="javascript:{P}"><text y=20>x</text></a></svg>'],
  ['svg-foreign', '<svg><foreignObject><img src=x onerror="{P}"></foreignObject></svg>'],
  ['svg-use-data', '<svg><use href="data:image/svg+xml,<svg id=x><script>{P}</script></svg>#x"/></svg>'],
  ['svg-image', '<svg><image href=x onerror="{P}"/></svg>'],
  ['svg-style-cdata', '<svg><style><![CDATA[</style><img src=x onerror="{P}">]]></style></svg>'],
  ['svg-title-break', '<svg><title><img src=x onerror="{P}"></title></svg>'],
  ['svg-animate-href', '<svg><a><animate attributeName=href values=javascript:{P} /><text y=20>x</text></a></svg>'],
  ['svg-discard', '<svg><discard onbegin="{P}"/></svg>'],
  // Body, iframe, frames, objects.
  ['body-onload', '<body onload="{P}">'],
  ['body-onpageshow', '<body onpageshow="{P}">'],
  ['body-onfocus', '<body onfocus="{P}" autofocus>'],
  ['iframe-src-js', '<iframe src="javascript:parent.{P}"></iframe>'],
  ['iframe-srcdoc', '<iframe srcdoc="<script>parent.{P}</script>"></iframe>'],
  ['iframe-onload', '<iframe onload="{P}"></iframe>'],
  ['iframe-data', '<iframe src="data:text/html,<script>parent.{P}</script>"></iframe>'],
  ['frameset', '<frameset onload="{P}">'],
  ['object-data', '<object data="javascript:{P}"></object>'],
  ['object-html', '<object data="data:text/html,<script>parent.{P}</script>"></object>'],
  ['embed-src', '<embed src="javascript:{P}">'],
  ['embed-data', '<embed src="data:text/html,<script>parent.{P}</script>">'],
  // Other elements with handlers.
  ['details-ontoggle', '<details open ontoggle="{P}">'],
  ['details-summary', '<details ontoggle="{P}" open><summary>x</summary></details>'],
  ['video-onerror', '<video src=x onerror="{P}"></video>'],
  ['video-source', '<video><source onerror="{P}"></video>'],
  ['video-poster', '<video poster=x onerror="{P}"></video>'],
  ['audio-onerror', '<audio src=x onerror="{P}"></audio>'],
  ['input-autofocus', '<input autofocus onfocus="{P}">'],
  ['input-image', '<input type=image src=x onerror="{P}">'],
  ['select-autofocus', '<select autofocus onfocus="{P}"></select>'],
  ['textarea-autofocus', '<textarea autofocus onfocus="{P}"></textarea>'],
  ['keygen-autofocus', '<keygen autofocus onfocus="{P}">'],
  ['marquee-onstart', '<marquee onstart="{P}">x</marquee>'],
  ['div-onmouseover', '<div onmouseover="{P}" style="position:fixed;inset:0">x</div>'],
  ['a-onfocus', '<a id=x tabindex=1 onfocus="{P}" autofocus>x</a>'],
  ['style-onload', '<style onload="{P}"></style>'],
  ['link-onload', '<link rel=stylesheet href=x onerror="{P}">'],
  ['table-background', '<table background="javascript:{P}">'],
  ['body-background', '<body background="javascript:{P}">'],
  ['contenteditable', '<div contenteditable autofocus onfocus="{P}">x</div>'],
  ['html-onpointer', '<html onpointerover="{P}">'],
  ['animation-start', '<style>@keyframes k{}</style><b style="animation-name:k" onanimationstart="{P}">x</b>'],
  ['transition-end', '<b style="transition:1ms" ontransitionend="{P}">x</b>'],
  ['popover', '<button popovertarget=p>x</button><b popover id=p onbeforetoggle="{P}">x</b>'],
  ['onscrollend', '<div onscrollend="{P}" style="overflow:auto;height:1px">x<br>y</div>'],
  // URLs: javascript:, data:, vbscript:.
  ['a-href-js', '<a href="javascript:{P}">click</a>'],
  ['a-href-js-upper', '<a href="JaVaScRiPt:{P}">click</a>'],
  ['a-href-js-tab', '<a href="java\tscript:{P}">click</a>'],
  ['a-href-js-newline', '<a href="java\nscript:{P}">click</a>'],
  ['a-href-js-entity', '<a href="&#106;avascript:{P}">click</a>'],
  ['a-href-js-hex', '<a href="&#x6A;&#x61;vascript:{P}">click</a>'],
  ['a-href-js-space', '<a href=" javascript:{P}">click</a>'],
  ['a-href-js-colon-entity', '<a href="javascript&colon;{P}">click</a>'],
  ['a-href-data', '<a href="data:text/html,<script>{P}</script>">click</a>'],
  ['a-href-data-b64', '<a href="data:text/html;base64,{64}">click</a>'],
  ['a-href-vbscript', '<a href="vbscript:msgbox(1)">click</a>'],
  ['form-action', '<form action="javascript:{P}"><button>x</button></form>'],
  ['formaction', '<form><button formaction="javascript:{P}">x</button></form>'],
  ['input-formaction', '<form><input type=submit formaction="javascript:{P}"></form>'],
  ['isindex-action', '<isindex action="javascript:{P}" type=image>'],
  ['meta-refresh', '<meta http-equiv="refresh" content="0;url=javascript:{P}">'],
  ['base-href', '<base href="javascript:{P}//">'],
  ['area-href', '<map name=m><area href="javascript:{P}" shape=default></map>'],
  ['math-href', '<math><mi href="javascript:{P}">x</mi></math>'],
  ['bare-js-url', 'javascript:{P}'],
  ['bare-js-url-comment', 'javascript://%0a{P}'],
  ['bare-data-url', 'data:text/html,<script>{P}</script>'],
  ['bare-vbscript-url', 'vbscript:msgbox("xss")'],
  // Namespace confusion and mutation XSS.
  ['math-mglyph', '<math><mtext><table><mglyph><style><img src=x onerror="{P}">'],
  ['math-style', '<math><mtext><mglyph><svg><mtext><style><img src=x onerror="{P}"></style>'],
  ['svg-p-style', '<svg></p><style><a id="</style><img src=x onerror={P}>">'],
  ['math-annotation', '<math><annotation-xml encoding="text/html"><img src=x onerror="{P}">'],
  ['noscript-title', '<noscript><p title="</noscript><img src=x onerror={P}>">'],
  ['noembed', '<noembed><img title="</noembed><img src=x onerror={P}>"></noembed>'],
  ['noframes', '<noframes><p title="</noframes><img src=x onerror={P}>"></noframes>'],
  ['style-title', '<style><img title="</style><img src=x onerror={P}>"></style>'],
  ['template-break', '<template><img src=x onerror="{P}"></template><img src=x onerror="{P}">'],
  ['xmp-break', '<xmp><p title="</xmp><img src=x onerror={P}>">'],
  ['iframe-text', '<iframe><p title="</iframe><img src=x onerror={P}>">'],
  ['plaintext', '<plaintext></plaintext><img src=x onerror="{P}">'],
  ['comment-break', '<!--<img src="--><img src=x onerror={P}//">'],
  ['cdata-break', '<![CDATA[><img src=x onerror="{P}">]]>'],
  ['form-nesting', '<form><math><mtext></form><form><mglyph><style></math><img src onerror={P}>'],
  ['select-break', '<select><template><style><img src=x onerror="{P}"></template></select>'],
  ['dom-clobber', '<img name=__xss><form id=x name=y><input name=attributes><img src=x onerror="{P}">'],
  // Breakouts from the contexts a value may land in.
  ['textarea-break', '</textarea><script>{P}</script>'],
  ['textarea-img', '</textarea><img src=x onerror="{P}">'],
  ['title-break', '</title><script>{P}</script>'],
  ['style-break', '</style><script>{P}</script>'],
  ['attr-double', '"><img src=x onerror="{P}">'],
  ['attr-single', "'><img src=x onerror='{P}'>"],
  ['attr-unquoted', ' onmouseover={P} x='],
  ['attr-autofocus', '" autofocus onfocus="{P}" x="'],
  ['attr-single-autofocus', "' autofocus onfocus='{P}' x='"],
  ['js-template-break', '{P}{{P}}'],
  ['json-break', '"}]});{P};//'],
  ['html-comment-close', '--><script>{P}</script><!--'],
  ['option-break', '</option></select><img src=x onerror="{P}">'],
  ['noscript-break', '</noscript><img src=x onerror="{P}">'],
  // Encoded forms a decoder might turn back into markup.
  ['entity-lt', '&lt;img src=x onerror="{P}"&gt;'],
  ['entity-decimal', '&#60;img src=x onerror="{P}"&#62;'],
  ['entity-hex', '&#x3C;script&#x3E;{P}&#x3C;/script&#x3E;'],
  ['entity-noscolon', '&#60img src=x onerror="{P}"&#62'],
  ['url-encoded', '%3Cscript%3E{P}%3C%2Fscript%3E'],
  ['double-url-encoded', '%253Cscript%253E{P}%253C%252Fscript%253E'],
  ['unicode-escape', '\\u003cimg src=x onerror="{P}"\\u003e'],
  ['unicode-fullwidth', '＜script＞{P}＜/script＞'],
  ['hex-escape', '\\x3cscript\\x3e{P}\\x3c/script\\x3e'],
  ['utf7', '+ADw-script+AD4-{P}+ADw-/script+AD4-'],
  // A raw NUL cannot be stored (PostgreSQL text refuses it, and the API answers 500 today), so
  // the NUL arrives as the forms a decoder might turn into one.
  ['null-byte', '<scr%00ipt>{P}</scr\\0ipt>'],
  ['overlong-utf8', '%C0%BCscript%C0%BE{P}%C0%BC/script%C0%BE'],
  ['base64-script', '{64}'],
  ['entity-handler-js-url', '<a href="javascript:{E}">click</a>'],
  ['zero-width', '<img src=x on\u200berror="{P}">'],
  ['rtl-override', '\u202e<img src=x onerror="{P}">'],
  // CSS.
  ['css-expression', '<div style="width:expression({P})">x</div>'],
  ['css-url-js', '<div style="background:url(javascript:{P})">x</div>'],
  ['css-import', '<style>@import "javascript:{P}";</style>'],
  ['css-behavior', '<div style="behavior:url(x.htc)" onerror="{P}">x</div>'],
  ['css-moz-binding', '<div style="-moz-binding:url(x.xml#x)">x</div><img src=x onerror="{P}">'],
  ['css-escaped', '<div style="background:url(\\6a avascript:{P})">x</div>'],
  ['style-tag-url', '<style>body{background:url("javascript:{P}")}</style>'],
  ['link-css-data', '<link rel=stylesheet href="data:text/css,*{x:expression({P})}">'],
  // Polyglots.
  [
    'polyglot-0xsobky',
    'jaVasCript:/*-/*`/*\\`/*\'/*"/**/(/* */oNcliCk={P} )//%0D%0A%0d%0a//</stYle/</titLe/</teXtarEa/</scRipt/--!>\\x3csVg/<sVg/oNloAd={P}//>\\x3e',
  ],
  ['polyglot-short', '"\'><svg/onload={P}>'],
  ['polyglot-comment', '-->\'"/></sCript><svG x=">" onload={P}>'],
  ['polyglot-js', "'-{P}-'"],
  ['polyglot-mixed', '</script>\'"><img src=x onerror={P}>//'],
  // Template injection (Angular/Vue/Handlebars style) and markdown.
  ['template-constructor', "{{constructor.constructor('{P}')()}}"],
  ['template-angular', "{{$on.constructor('{P}')()}}"],
  ['template-vue', '{{_c.constructor(`{P}`)()}}'],
  ['template-dollar', '${alert(1)}'],
  ['template-erb', '<%= {P} %>'],
  ['template-handlebars', '{{{"<img src=x onerror=\'{P}\'>"}}}'],
  ['markdown-link', '[click](javascript:{P})'],
  ['markdown-image', '![x](x" onerror="{P})'],
  ['markdown-ref', '[x]: javascript:{P}\n[click][x]'],
  ['markdown-autolink', '<javascript:{P}>'],
  ['markdown-html', '**bold**<img src=x onerror="{P}">'],
  // Dialog-only payloads, for probes that watch alert/confirm/prompt rather than __xss.
  ['alert-script', '<script>alert(document.domain)</script>'],
  ['confirm-img', '<img src=x onerror=confirm(1)>'],
  ['prompt-svg', '<svg onload=prompt(1)>'],
  ['alert-backtick', '<img src=x onerror=alert`1`>'],
  ['alert-top', '<img src=x onerror=top["al"+"ert"](1)>'],
  ['alert-eval', '<img src=x onerror=eval(atob("YWxlcnQoMSk="))>'],
  ['alert-fromcharcode', '<img src=x onerror=eval(String.fromCharCode(97,108,101,114,116,40,49,41))>'],
  ['alert-setTimeout', '<img src=x onerror=setTimeout("alert(1)")>'],
  ['alert-location', '<img src=x onerror=location="javascript:alert(1)">'],
];

function expand(index: number, template: string): string {
  const call = `__xss(${index})`;
  const entities = [...call].map((char) => `&#${char.charCodeAt(0)};`).join('');
  const page = Buffer.from(`<script>parent.${call};opener&&opener.${call}</script>`).toString('base64');
  return template
    .replaceAll('{P}', call)
    .replaceAll('{B}', `__xss\`${index}\``)
    .replaceAll('{E}', entities)
    .replaceAll('{64}', page);
}

export const PAYLOADS: readonly Payload[] = TEMPLATES.map(([id, template], index) => ({
  index,
  id,
  text: expand(index, template),
}));

/** The payload a probe call names, for the failure message. */
export function payloadById(index: unknown): Payload | undefined {
  return typeof index === 'number' ? PAYLOADS[index] : PAYLOADS.find((payload) => payload.id === index);
}

/**
 * The corpus packed into values of at most `limit` characters, as few as the order allows; a payload
 * longer than the limit is cut (its start is what a parser would meet first). Each value holds
 * whole payloads separated by a space.
 */
export function packPayloads(limit: number, payloads: readonly Payload[] = PAYLOADS): string[] {
  const values: string[] = [];
  let current = '';
  for (const { text } of payloads) {
    const piece = text.length > limit ? text.slice(0, limit) : text;
    if (current && current.length + 1 + piece.length > limit) {
      values.push(current);
      current = piece;
    } else {
      current = current ? `${current} ${piece}` : piece;
    }
  }
  if (current) values.push(current);
  return values;
}
