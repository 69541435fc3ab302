"""A small notes API on Flask: create, fetch, list (paged), tag lookup and delete, kept in memory."""

from __future__ import annotations

from flask import Flask, abort, jsonify, request


def create_app(page_size: int = 2) -> Flask:
    app = Flask(__name__)
    app.config["PAGE_SIZE"] = page_size
    store: dict[int, dict] = {}
    app.extensions["notes"] = store

    @app.post("/notes")
    def create_note():
        data = request.get_json()
        title = str(data.get("title", "")).strip()
        if not title:
            return jsonify(error="title required"), 400
        note_id = max(store, default=0) + 1
        store[note_id] = {"id": note_id, "title": title, "tags": sorted(set(data.get("tags", [])))}
        return jsonify(store[note_id]), 201

    @app.get("/notes/<int:note_id>")
    def get_note(note_id: int):
        note = store.get(note_id)
        if note is None:
            abort(404)
        return jsonify(note)

    @app.get("/notes")
    def list_notes():
        page = request.args.get("page", 1, type=int)
        size = app.config["PAGE_SIZE"]
        items = [store[k] for k in sorted(store)]
        start = (page - 1) * size
        return jsonify(items=items[start : start + size], page=page, total=len(items))

    @app.get("/tags/<tag>")
    def notes_with_tag(tag: str):
        return jsonify(ids=[n["id"] for n in store.values() if tag in n["tags"]])

    @app.delete("/notes/<int:note_id>")
    def delete_note(note_id: int):
        if store.pop(note_id, None) is None:
            abort(404)
        return "", 204

    return app
