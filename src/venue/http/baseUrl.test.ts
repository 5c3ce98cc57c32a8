import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../errors/ConfigError.ts';
import { parseBaseUrl } from './baseUrl.ts';

describe('parseBaseUrl', () => {
  it('accepts https anywhere and strips a trailing slash or /v1', () => {
    expect(parseBaseUrl('https://tradingapi.example.com/')).toBe('https://tradingapi.example.com');
    expect(parseBaseUrl('https://tradingapi.example.com/v1')).toBe('https://tradingapi.example.com');
  });

  it.each([
    'http://127.0.0.1:8787',
    'http://127.9.9.9',
    'http://localhost:1',
    'http://[::1]:80',
    'http://simulator.invalid',
  ])('accepts plain http to the loopback or in-process host %s', (url) => {
    expect(() => parseBaseUrl(url)).not.toThrow();
  });

  it.each(['http://tradingapi.example.com', 'http://10.0.0.5:8787', 'http://128.0.0.1'])(
    'refuses plain http to the network host %s',
    (url) => {
      expect(() => parseBaseUrl(url)).toThrow(ConfigError);
      expect(() => parseBaseUrl(url)).toThrow(/must use https/);
    },
  );

  it('refuses credentials, queries and non-URLs', () => {
    expect(() => parseBaseUrl('https://u:p@x.example')).toThrow(ConfigError);
    expect(() => parseBaseUrl('https://x.example/?k=1')).toThrow(ConfigError);
    expect(() => parseBaseUrl('not a url')).toThrow(ConfigError);
  });
});
