/**
 * The dashboard's 'Comments' panel mounted the way the route mounts it (the host hands the
 * comments to the slot), with a chat client the test answers and a live feed it speaks
 * through: the panel lists the read comments newest first, takes a live one at the top,
 * and a reply sent in place shows once the server answered.
 */
import { act, render, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { Suspense } from "react"
import { describe, expect, test } from "vitest"
import type { LiveEvent } from "#domain/live-events.ts"
import type { WorkoutComment } from "#domain/comments.ts"
import { onSet, recentFromSam, samId } from "#machines/comments/comments.fixtures.ts"
import { RecentCommentsPanel } from "#ui/comments/coach-comments.tsx"
import CommentsHost from "#ui/comments/comments-host.tsx"
import { commentsSlot } from "#ui/comments/comments-slot.ts"
import { StoryRouter } from "#ui/story-router.tsx"

describe("the dashboard's comments panel", () => {
  test("lists comments newest first, takes a live one at the top, and shows a reply once the server stored it", async () => {
    const listeners = new Set<(event: LiveEvent) => void>()
    let answerReply: ((comment: WorkoutComment) => void) | undefined
    const chat = {
      recentComments: () => Promise.resolve(recentFromSam),
      replyToComment: () => new Promise<WorkoutComment>((resolve) => (answerReply = resolve))
    }
    const slot = commentsSlot()
    render(
      <StoryRouter initialPath="/coach/dashboard">
        <Suspense fallback={null}>
          <CommentsHost
            slot={slot}
            read={{
              kind: "recent",
              chat,
              live: {
                subscribe: (listener) => {
                  listeners.add(listener)
                  return () => listeners.delete(listener)
                }
              },
              nameOf: (id) => (id === samId ? "Sam Lifter" : undefined)
            }}
            what="reply"
            deliverFor={() => async () => chat.replyToComment()}
          />
          <RecentCommentsPanel slot={slot} />
        </Suspense>
      </StoryRouter>
    )
    const list = await screen.findByRole("list", { name: "Latest comments, newest first" })
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.querySelector(".comment__body")?.textContent)
    ).toEqual([recentFromSam[0]?.body, recentFromSam[1]?.body])
    act(() => {
      for (const listener of listeners)
        listener({
          type: "comment",
          comment: {
            ...onSet,
            id: "2d8a6e3a-0b9c-4e3f-9c85-4b3a7f9e1d32" as WorkoutComment["id"],
            body: "right hip too",
            seq: 30
          }
        })
    })
    const first = within(list).getAllByRole("listitem")[0]
    if (first === undefined) throw new Error("the panel lists nothing")
    expect(first.textContent).toContain("Sam Lifter · Squat, set 2")
    expect(first.textContent).toContain("right hip too")
    expect(first.textContent).toContain("Not replied yet")
    expect(
      within(first)
        .getByRole("link", { name: /^Open Sam Lifter's / })
        .getAttribute("href")
    ).toBe("/coach/workouts/7/11-23-2026")

    const user = userEvent.setup()
    await user.click(within(first).getByRole("button", { name: "Reply to “right hip too”" }))
    await user.type(within(first).getByRole("textbox", { name: "Your reply" }), "Rest it this week.")
    await user.click(within(first).getByRole("button", { name: "Send" }))
    expect(first.textContent).toContain("Sending…")
    expect(first.textContent).not.toContain("Your reply was sent.")
    await act(async () => {
      answerReply?.({
        ...onSet,
        id: "2d8a6e3a-0b9c-4e3f-9c85-4b3a7f9e1d32" as WorkoutComment["id"],
        body: "right hip too",
        seq: 30,
        reply: { body: "Rest it this week.", coachId: 3 as never, repliedAt: "2026-11-23T19:00:00.000Z" }
      })
      await Promise.resolve()
    })
    expect(await within(first).findByText("Your reply was sent.")).toBeDefined()
    expect(first.textContent).toContain("You replied: Rest it this week.")
  })
})
