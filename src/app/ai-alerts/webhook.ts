import type { Alert } from './rules';

/** Where alerts go besides the log: an HTTP endpoint taking Slack-style JSON (`ALERT_WEBHOOK_URL`). */
export interface AlertWebhook {
  send(state: 'firing' | 'resolved', alert: Alert, at: Date): Promise<void>;
}

/**
 * POSTs `{ text, alert: { name, severity, state, summary, value, threshold, at } }`: `text` is
 * what a Slack (or Mattermost, Rocket.Chat, Google Chat…) incoming webhook shows; `alert` is for
 * receivers that route on fields. A reply other than 2xx, or none within the time-out, throws.
 */
export class HttpAlertWebhook implements AlertWebhook {
  constructor(
    private readonly url: string,
    private readonly timeoutMs = 5_000,
  ) {}

  async send(state: 'firing' | 'resolved', alert: Alert, at: Date): Promise<void> {
    const mark =
      state === 'resolved' ? '✅ resolved' : alert.severity === 'critical' ? '🔴 critical' : '🟠 warning';
    const response = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        text: `[Iris] ${mark} ${alert.name}: ${alert.summary}`,
        alert: { ...alert, state, at: at.toISOString() },
      }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!response.ok) throw new Error(`alert webhook answered ${response.status}`);
  }
}
