import { join } from "node:path";
import type { EventType, PaymentMethodCode, PaymentState } from "@contract/index";
import { JsonFile } from "./json-file";

/** A checkout this shop created: a purchase, or a card registration for a customer. */
export interface OrderRecord {
  orderId: string;
  checkoutId: string;
  kind: "purchase" | "save-method";
  productId?: string;
  summary: string;
  amount: number;
  language: string;
  /** The method the checkout was limited to; left out when the shopper chooses (purchases). */
  paymentMethod?: PaymentMethodCode;
  customerUuid?: string;
  checkoutUrl: string;
  /** Last state confirmed with the service (result page or notification). */
  state: string;
  createdAt: string;
}

/** A Multibanco reference this shop generated. */
export interface ReferenceRecord {
  paymentId: string;
  amount: number;
  entity: string;
  reference: string;
  validFrom: string;
  validUntil: string;
  state: PaymentState;
  paidAt?: string;
  createdAt: string;
}

export interface NotificationRecord {
  receivedAt: string;
  endpoint: "webhook" | "callback";
  eventId?: string;
  /** An EventType, or whatever type an unknown notification named (`string & {}` keeps the known ones distinct). */
  type?: EventType | (string & {});
  resourceId?: string;
  signatureValid: boolean;
  /** Why it was refused or not applied, when it was. */
  problem?: string;
  duplicate: boolean;
}

export interface WebhookRegistration {
  id: string;
  url: string;
  secret: string;
}

const MAX_NOTIFICATIONS = 500;
/** Refused posts (unsigned, badly signed) kept for the page; the rest are only counted. */
const MAX_REJECTED = 100;
/**
 * How long an applied event's id is remembered. At least the signature tolerance (300 s), within which a
 * captured delivery could be replayed; the default covers the service's whole retry schedule (3 days).
 */
export const DEFAULT_APPLIED_RETENTION_MS = 3 * 24 * 3600 * 1000;

/** Posts that failed verification: counted, the latest kept apart from verified notifications. */
export interface RejectedPosts {
  count: number;
  recent: NotificationRecord[];
}

/** The shop's own memory: what it sold, what it is owed, what it was told. */
export class ShopRecords {
  private readonly orders: JsonFile<OrderRecord[]>;
  private readonly references: JsonFile<ReferenceRecord[]>;
  private readonly notifications: JsonFile<NotificationRecord[]>;
  private readonly webhook: JsonFile<WebhookRegistration | null>;
  /** Ids of verified events already applied, with when (ms); only verified events ever enter. */
  private readonly applied: JsonFile<Record<string, number>>;
  private readonly rejected: JsonFile<RejectedPosts>;

  constructor(
    dataDir: string,
    private readonly appliedRetentionMs = DEFAULT_APPLIED_RETENTION_MS,
  ) {
    this.applied = new JsonFile(join(dataDir, "applied-events.json"), {});
    this.rejected = new JsonFile(join(dataDir, "rejected-notifications.json"), { count: 0, recent: [] });
    this.orders = new JsonFile(join(dataDir, "orders.json"), []);
    this.references = new JsonFile(join(dataDir, "references.json"), []);
    this.notifications = new JsonFile(join(dataDir, "notifications.json"), []);
    this.webhook = new JsonFile(join(dataDir, "webhook.json"), null);
  }

  addOrder(order: OrderRecord): void {
    this.orders.set([...this.orders.get(), order]);
  }

  findOrder(orderId: string): OrderRecord | undefined {
    return this.orders.get().find((o) => o.orderId === orderId);
  }

  findOrderByCheckout(checkoutId: string): OrderRecord | undefined {
    return this.orders.get().find((o) => o.checkoutId === checkoutId);
  }

  updateOrderState(checkoutId: string, state: string): void {
    this.orders.set(this.orders.get().map((o) => (o.checkoutId === checkoutId ? { ...o, state } : o)));
  }

  addReference(reference: ReferenceRecord): void {
    this.references.set([...this.references.get(), reference]);
  }

  findReference(paymentId: string): ReferenceRecord | undefined {
    return this.references.get().find((r) => r.paymentId === paymentId);
  }

  listReferences(): ReferenceRecord[] {
    return [...this.references.get()].reverse();
  }

  updateReference(paymentId: string, changes: Pick<ReferenceRecord, "state" | "paidAt">): void {
    this.references.set(
      this.references.get().map((r) => (r.paymentId === paymentId ? { ...r, ...changes } : r)),
    );
  }

  addNotification(notification: NotificationRecord): void {
    this.notifications.set([notification, ...this.notifications.get()].slice(0, MAX_NOTIFICATIONS));
  }

  /** Newest first. */
  listNotifications(): NotificationRecord[] {
    return this.notifications.get();
  }

  /** A post that failed verification: counted and kept apart, so it never touches the applied set. */
  addRejected(notification: NotificationRecord): void {
    const { count, recent } = this.rejected.get();
    this.rejected.set({ count: count + 1, recent: [notification, ...recent].slice(0, MAX_REJECTED) });
  }

  listRejected(): RejectedPosts {
    return this.rejected.get();
  }

  hasAppliedEvent(eventId: string): boolean {
    return Object.hasOwn(this.applied.get(), eventId);
  }

  /** Remembers a verified event as applied; ids older than the retention are forgotten. */
  markEventApplied(eventId: string, nowMs = Date.now()): void {
    const kept = Object.entries(this.applied.get()).filter(([, at]) => nowMs - at < this.appliedRetentionMs);
    this.applied.set(Object.fromEntries([...kept, [eventId, nowMs]]));
  }

  getWebhook(): WebhookRegistration | null {
    return this.webhook.get();
  }

  setWebhook(registration: WebhookRegistration): void {
    this.webhook.set(registration);
  }
}
