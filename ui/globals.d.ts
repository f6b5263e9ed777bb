// What the webview adds to the page beyond the DOM's own types.

interface Window {
  /** Tauri's JavaScript API (withGlobalTauri in tauri.conf.json); absent outside the app. */
  __TAURI__?: {
    core: { invoke<T = unknown>(command: string, args?: Record<string, unknown>): Promise<T> };
    event: { listen<T>(event: string, handler: (event: { payload: T }) => void): Promise<() => void> };
    app: { getName(): Promise<string>; getVersion(): Promise<string> };
  };
  /** Older WebKit's name for AudioContext. */
  webkitAudioContext?: typeof AudioContext;
}
