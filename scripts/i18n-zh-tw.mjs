/**
 * Traditional Chinese (zh-TW) is written from the Simplified Chinese catalogue with OpenCC's
 * mainland-to-Taiwan conversion (characters and Taiwan phrasing, `cn` → `twp`): run it after
 * zh-CN changes. ICU placeholders are ASCII, which OpenCC leaves as they are.
 * Usage: node scripts/i18n-zh-tw.mjs
 */
import { readFileSync, writeFileSync } from 'node:fs';
import * as OpenCC from 'opencc-js';

const convert = OpenCC.Converter({ from: 'cn', to: 'twp' });
const source = JSON.parse(readFileSync('src/i18n/messages/zh-CN.json', 'utf8'));
const target = Object.fromEntries(Object.entries(source).map(([id, text]) => [id, convert(text)]));
writeFileSync('src/i18n/messages/zh-TW.json', JSON.stringify(target, null, 2) + '\n');
console.log(`zh-TW: ${Object.keys(target).length} messages from zh-CN`);
