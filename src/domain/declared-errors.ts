import type { BadRequest, Conflict, Forbidden, NotFound, Unauthorized } from "./api-errors.ts"
import type { CommentIdTaken, MessageIdTaken } from "./chat-errors.ts"
import type { AlreadyCoached, InvitationNotFound, NoCoach, ResendTooSoon } from "./coaching-errors.ts"
import type { ExerciseNotFound } from "./exercise-errors.ts"
import type { TemplateNameTaken, TemplateNotFound } from "./template-errors.ts"
import type { AlreadySignedUp, EmailNotVerified, EmailTaken } from "./user-errors.ts"
import type { ClientNotFound, KeyReused, LoggedResultsExist, SetNotFound, WorkoutNotFound } from "./workout-errors.ts"

/*
 * Every error the contracts declare, as callers match them: by `_tag` (docs/decisions/
 * 045-domain-errors.md). Free of Effect, so a machine can tell a refusal from a failure
 * to reach the server without loading the Schema classes.
 */

export type DeclaredError =
  | BadRequest
  | Unauthorized
  | Forbidden
  | NotFound
  | Conflict
  | ClientNotFound
  | WorkoutNotFound
  | SetNotFound
  | LoggedResultsExist
  | KeyReused
  | TemplateNameTaken
  | TemplateNotFound
  | ExerciseNotFound
  | MessageIdTaken
  | CommentIdTaken
  | NoCoach
  | AlreadyCoached
  | InvitationNotFound
  | ResendTooSoon
  | AlreadySignedUp
  | EmailTaken
  | EmailNotVerified

export type DeclaredErrorTag = DeclaredError["_tag"]

// A record, so a class added to DeclaredError and not here is a type error.
const DECLARED: { readonly [Tag in DeclaredErrorTag]: true } = {
  BadRequest: true,
  Unauthorized: true,
  Forbidden: true,
  NotFound: true,
  Conflict: true,
  ClientNotFound: true,
  WorkoutNotFound: true,
  SetNotFound: true,
  LoggedResultsExist: true,
  KeyReused: true,
  TemplateNameTaken: true,
  TemplateNotFound: true,
  ExerciseNotFound: true,
  MessageIdTaken: true,
  CommentIdTaken: true,
  NoCoach: true,
  AlreadyCoached: true,
  InvitationNotFound: true,
  ResendTooSoon: true,
  AlreadySignedUp: true,
  EmailTaken: true,
  EmailNotVerified: true
}

const field = (value: unknown, key: string): unknown =>
  typeof value === "object" && value !== null && key in value ? (value as Record<string, unknown>)[key] : undefined

/** The tag of an error the contract declares (each carries the server's `error` message); undefined for anything else. */
export const declaredTag = (error: unknown): DeclaredErrorTag | undefined => {
  const tag = field(error, "_tag")
  return typeof tag === "string" && Object.hasOwn(DECLARED, tag) && typeof field(error, "error") === "string"
    ? (tag as DeclaredErrorTag)
    : undefined
}

/** True for an answer the server gave on purpose (a refusal), false for a defect or a failure to reach it. */
export const isDeclaredError = (error: unknown): error is DeclaredError => declaredTag(error) !== undefined

/** True when `error` is a declared error with one of `tags`. */
export const hasTag = <Tag extends DeclaredErrorTag>(
  error: unknown,
  ...tags: ReadonlyArray<Tag>
): error is Extract<DeclaredError, { readonly _tag: Tag }> => {
  const tag = declaredTag(error)
  return tag !== undefined && (tags as ReadonlyArray<DeclaredErrorTag>).includes(tag)
}
