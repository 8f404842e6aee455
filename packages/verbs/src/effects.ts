/**
 * The one value a verb acts through (issue #48, decision 0065): the stores it writes, the queues
 * it tells, the mail it sends, the clock, and who acts. Built once per request (the shell's
 * request context, the API's middleware) or per queue batch (the scan-jobs worker), from the
 * worker's bindings; tests build it from the real local bindings the same way. Nothing outside
 * this package touches the photo bucket, a queue or the mail binding: the apps hand over their
 * bindings here and call verbs.
 */
import type { Actor, EventMessage } from "@releve/core/platform/events";
import type { Db } from "@releve/db";
import { type EmailBinding, type MailSender, mailSender } from "@releve/db/platform/outbox";
import type { TapStores } from "@releve/db/tap/cache";

/** The slice of R2 the photo verbs use. */
export type PhotoBucket = Pick<R2Bucket, "get" | "head" | "put" | "delete">;

/** The slice of a Queue producer the verbs use. */
type QueueProducer<T> = {
  send(body: T): Promise<unknown>;
  sendBatch(messages: Iterable<{ body: T }>): Promise<unknown>;
};

export type Effects = {
  db: Db;
  /** The tap's stores: a verb that changes what a tap answers refreshes them before it returns. */
  tap: TapStores;
  photos: PhotoBucket;
  queues: { events: QueueProducer<EventMessage>; alerts: QueueProducer<unknown> };
  mail: MailSender;
  /** The site's origin, for links in mail and in event payloads. */
  origin: string;
  /** Signs the links a verb makes (withdrawal, transfer); the shell's SESSION_SECRET. */
  secret: string;
  actor: Actor;
  now(): Date;
  /** Work that may finish after the answer (a mail the person need not wait for). */
  waitUntil(promise: Promise<unknown>): void;
};

/** The bindings and variables effects are made of: the shell's env has them all. */
export type EffectsEnv = {
  APP_ENV: string;
  SESSION_SECRET: string;
  EMAIL_FROM: string;
  EMAIL?: EmailBinding | undefined;
  PHOTOS: PhotoBucket;
  EVENTS: QueueProducer<EventMessage>;
  ALERTS: QueueProducer<unknown>;
} & TapStores;

/** Effects for one request or batch on `env`; `db` is the request's client. */
export function effectsOf(
  env: EffectsEnv,
  db: Db,
  opts: { origin: string; actor: Actor; waitUntil: (promise: Promise<unknown>) => void; now?: () => Date },
): Effects {
  let sender: MailSender | undefined;
  return {
    db,
    tap: { DB: env.DB, TAP_KV: env.TAP_KV, ...(env.TAP_CONTROL ? { TAP_CONTROL: env.TAP_CONTROL } : {}) },
    photos: env.PHOTOS,
    queues: { events: env.EVENTS, alerts: env.ALERTS },
    get mail() {
      sender ??= mailSender(env, db);
      return sender;
    },
    origin: opts.origin,
    secret: env.SESSION_SECRET,
    actor: opts.actor,
    now: opts.now ?? (() => new Date()),
    waitUntil: opts.waitUntil,
  };
}

/** The same effects, acting as `actor` (an admin route's staff member, the system). */
export function actingAs(effects: Effects, actor: Actor): Effects {
  return Object.create(effects, { actor: { value: actor, enumerable: true } }) as Effects;
}

/** What event consumers act through: no tap, no request, no one acting but the system. */
export type ConsumerEffects = Pick<Effects, "db" | "photos" | "queues" | "mail" | "origin" | "secret" | "now">;

export type ConsumerEnv = Omit<EffectsEnv, keyof TapStores | "PHOTOS"> & {
  PHOTOS: PhotoBucket;
  PUBLIC_ORIGIN: string;
};

/** Effects for one queue batch or cron run of the scan-jobs worker. */
export function consumerEffectsOf(env: ConsumerEnv, db: Db, now: () => Date = () => new Date()): ConsumerEffects {
  return {
    db,
    photos: env.PHOTOS,
    queues: { events: env.EVENTS, alerts: env.ALERTS },
    mail: mailSender(env, db),
    origin: env.PUBLIC_ORIGIN,
    secret: env.SESSION_SECRET,
    now,
  };
}
