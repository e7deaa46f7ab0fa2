import { newId, newUuid } from "../mock-service/src/domain/ids";
import { isoTimestamp } from "../mock-service/src/domain/time";
import { ensureSandboxMerchant } from "../mock-service/src/operations/merchants";
import type { NewCustomerRow } from "../mock-service/src/store/customers";
import { openDatabase } from "../mock-service/src/store/db";
import { insertPayment, newCheckoutPayment, type PaymentRow } from "../mock-service/src/store/payments";
import { API_KEY } from "./service";

/** Rows from the middle of the seeded data, which the growth requests read. */
export interface Probes {
  email: string;
  customerUuid: string;
  paymentId: string;
}

const BATCH = 500;

/**
 * Writes `count` customers and `count` payments of the sandbox merchant straight into the store
 * (the row shapes of store/schema.ts, big transactions), far faster than through the API.
 */
export async function seedStore(databaseFile: string, count: number): Promise<Probes> {
  const { db } = await openDatabase(`file:${databaseFile}`, { synchronous: "NORMAL" });
  try {
    const merchant = await ensureSandboxMerchant(db, API_KEY, "whsec_sandbox");
    const middle = Math.floor(count / 2);
    let probes: Probes | undefined;
    const now = isoTimestamp();
    for (let start = 0; start < count; start += BATCH) {
      const customers: NewCustomerRow[] = [];
      const payments: PaymentRow[] = [];
      for (let n = start; n < Math.min(start + BATCH, count); n++) {
        customers.push({
          uuid: newUuid(),
          merchant_id: merchant.id,
          customer_id: `seed-${n}`,
          first_name: "Ana",
          last_name: `Silva ${n}`,
          email: `ana.${n}@example.pt`,
          phone_number: "351#912345678",
          created_at: now,
        });
        const payment = newCheckoutPayment({
          id: newId("pay"),
          merchantId: merchant.id,
          amount: 100 + (n % 5000),
          methods: ["CC"],
          checkoutId: null,
          payableUntilMs: null,
          now,
        });
        payments.push(n % 3 === 0 ? { ...payment, state: "confirmed", confirmed_at: now } : payment);
        if (n === middle) {
          const customer = customers.at(-1) as NewCustomerRow;
          const payment = payments.at(-1) as PaymentRow;
          probes = { email: customer.email as string, customerUuid: customer.uuid, paymentId: payment.id };
        }
      }
      await db.transaction().execute(async (tx) => {
        await tx.insertInto("customers").values(customers).execute();
        for (const payment of payments) await insertPayment(tx, payment);
      });
    }
    if (!probes) throw new Error("nothing seeded");
    return probes;
  } finally {
    await db.destroy();
  }
}
