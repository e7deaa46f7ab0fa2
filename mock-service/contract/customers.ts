import { z } from "zod";
import { isoDateTime, listLimit, phoneNumber } from "./common";

const name = z.string().trim().min(1, "must not be empty").max(100, "must be at most 100 characters");

export const customerCreate = z.strictObject({
  customerId: z.string().trim().min(1, "must not be empty").max(64, "must be at most 64 characters"),
  firstName: name.optional(),
  lastName: name.optional(),
  email: z.email("must be an e-mail address").max(254).optional(),
  phoneNumber: phoneNumber.optional(),
});
export type CustomerCreate = z.infer<typeof customerCreate>;

export const customer = z.object({
  uuid: z.uuid(),
  customerId: z.string(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  email: z.string().optional(),
  phoneNumber: z.string().optional(),
  createdAt: isoDateTime,
});
export type Customer = z.infer<typeof customer>;

export const customerListQuery = z.strictObject({
  email: z.string().max(254).optional(),
  customerId: z.string().max(64).optional(),
  limit: listLimit,
  startingAfter: z.uuid("must be the uuid of a customer").optional(),
});
export type CustomerListQuery = z.infer<typeof customerListQuery>;

export const customerUuidParam = z.object({ uuid: z.uuid("must be a UUID") });
