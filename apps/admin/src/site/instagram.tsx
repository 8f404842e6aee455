import { ADMIN_MESSAGES } from "@releve/core/platform/admin-portal";
import type { InstagramPost } from "@releve/core/site/contracts";
import { Button, TextField } from "@releve/ui";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, type InputHTMLAttributes, useState } from "react";
import { useNotify } from "../notify";
import { postsQuery, useDeletePost, useSavePost } from "../queries";
import { Empty, Modal, NotLoaded } from "../ui";
import { EMPTY_POST, type PostDraft, postDraft } from "./post-draft";

/** `/admin/instagram`: the posts of the landing's grid. One post is edited at a time, or add mode. */
export function InstagramAdmin() {
  const list = useQuery(postsQuery);
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const [draft, setDraft] = useState<PostDraft>(EMPTY_POST);
  const [deleting, setDeleting] = useState<InstagramPost | null>(null);
  const saving = useSavePost();
  const removing = useDeletePost();
  const notify = useNotify();

  const start = (target: InstagramPost | "new") => {
    setEditing(target === "new" ? "new" : target.id);
    setDraft(target === "new" ? EMPTY_POST : postDraft(target));
    saving.reset();
  };

  function save(event: FormEvent) {
    event.preventDefault();
    if (editing === null) return;
    saving.mutate(
      { id: editing, post: draft },
      {
        onSuccess: () => {
          notify({
            type: "success",
            title: editing === "new" ? ADMIN_MESSAGES.postCreated : ADMIN_MESSAGES.postUpdated,
          });
          setEditing(null);
        },
      },
    );
  }

  const remove = (post: InstagramPost) =>
    removing.mutate(post, {
      onSuccess: () => {
        notify({ type: "success", title: ADMIN_MESSAGES.postDeleted });
        if (editing === post.id) setEditing(null);
      },
      onError: (error) => notify({ type: "error", title: ADMIN_MESSAGES.postDeleteFailed, description: error.message }),
      onSettled: () => setDeleting(null),
    });

  const field = (
    key: keyof Omit<PostDraft, "is_active">,
    label: string,
    props: InputHTMLAttributes<HTMLInputElement> = {},
  ) => (
    <TextField
      label={label}
      name={key}
      value={draft[key]}
      onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
      {...props}
    />
  );

  const form = (
    <form
      onSubmit={save}
      className="grid grid-cols-1 gap-3 border border-ink bg-white p-4 sm:grid-cols-2"
      aria-label="Post"
    >
      {field("image_url", "Image URL *", { required: true, placeholder: "https://… or /images/…" })}
      {field("permalink", "Permalink", { placeholder: "https://instagram.com/p/…" })}
      {field("caption", "Caption", { maxLength: 500 })}
      {field("display_order", "Display order", { inputMode: "numeric" })}
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={draft.is_active}
          onChange={(e) => setDraft({ ...draft, is_active: e.target.checked })}
          className="size-4 accent-ink"
        />
        Active (shown on the site)
      </label>
      {saving.isError && (
        <p role="alert" className="text-sm text-danger sm:col-span-2">
          {`${ADMIN_MESSAGES.postSaveFailed}: ${saving.error.message}`}
        </p>
      )}
      <div className="flex justify-end gap-2 sm:col-span-2">
        <Button variant="secondary" onClick={() => setEditing(null)}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving.isPending} aria-busy={saving.isPending}>
          {saving.isPending ? "Saving..." : editing === "new" ? "Add post" : "Save post"}
        </Button>
      </div>
    </form>
  );

  return (
    <section className="mt-8 flex flex-col gap-4" aria-labelledby="posts-heading">
      <div className="flex items-center justify-between gap-3">
        <h2 id="posts-heading" className="font-display text-2xl">
          Social posts
        </h2>
        <Button onClick={() => start("new")} disabled={editing !== null}>
          Add post
        </Button>
      </div>
      {editing === "new" && form}
      {!list.isSuccess ? (
        <NotLoaded query={list} label="posts" errorPrefix={ADMIN_MESSAGES.postsFailed} />
      ) : list.data.posts.length === 0 ? (
        <Empty>No posts yet: the site shows its six bundled images.</Empty>
      ) : (
        <ul className="grid grid-cols-1 gap-3" aria-label="Posts">
          {list.data.posts.map((post) =>
            editing === post.id ? (
              <li key={post.id}>{form}</li>
            ) : (
              <li
                key={post.id}
                className="grid grid-cols-[4rem_minmax(0,1fr)] gap-3 border border-ink/10 bg-white p-3 sm:grid-cols-[4rem_minmax(0,1fr)_auto]"
              >
                <img
                  src={post.image_url}
                  alt=""
                  width={64}
                  height={64}
                  className="size-16 object-cover"
                  loading="lazy"
                />
                <div className="min-w-0 text-sm">
                  <p className="truncate">{post.caption ?? "No caption"}</p>
                  <p className="text-xs text-stone">
                    Order {post.display_order} · {post.is_active ? "Active" : "Hidden"}
                  </p>
                </div>
                <div className="col-span-2 flex gap-2 sm:col-span-1">
                  <Button variant="secondary" size="sm" onClick={() => start(post)} disabled={editing !== null}>
                    Edit<span className="sr-only"> post {post.caption ?? post.id}</span>
                  </Button>
                  <Button variant="danger" size="sm" onClick={() => setDeleting(post)}>
                    Delete<span className="sr-only"> post {post.caption ?? post.id}</span>
                  </Button>
                </div>
              </li>
            ),
          )}
        </ul>
      )}
      {deleting && (
        <Modal title="Delete post" onClose={() => setDeleting(null)}>
          <p className="mt-3 text-sm">{ADMIN_MESSAGES.deleteConfirm}</p>
          <div className="mt-5 flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              onClick={() => remove(deleting)}
              disabled={removing.isPending}
              aria-busy={removing.isPending}
            >
              Delete
            </Button>
          </div>
        </Modal>
      )}
    </section>
  );
}
