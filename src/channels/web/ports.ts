import type { Locale } from '../../core/locale';

/** A user one may sign in as on the demo page (development only). */
export interface DemoUser {
  id: string;
  name: string;
  tenantName: string;
  locale: Locale;
}

/**
 * What the web chat needs to know of users, implemented over the database by the app: the demo
 * users, linking a browser to one of them, and the language of whoever a browser speaks as.
 */
export interface WebChatDirectory {
  demoUsers(): Promise<DemoUser[]>;
  /** Links the web identity `externalUserId` to a demo user; false if that user is not a demo user. */
  linkDemoUser(userId: string, externalUserId: string): Promise<boolean>;
  /** The locale of the tenant the identity belongs to; undefined while it is not linked. */
  localeOf(externalUserId: string): Promise<Locale | undefined>;
}
