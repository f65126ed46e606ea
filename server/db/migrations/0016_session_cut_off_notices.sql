-- Every change to which session cut-off a uid has is told on the schema's channel, at
-- commit, to the instances that remember cut-offs (docs/decisions/054-session-cut-offs-remembered.md).
CREATE FUNCTION notify_session_cut_off() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' THEN
		PERFORM pg_notify('session_cut_offs_' || current_schema(), OLD.firebase_id);
	END IF;
	IF TG_OP <> 'DELETE' THEN
		PERFORM pg_notify('session_cut_offs_' || current_schema(), NEW.firebase_id);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_session_cut_off_changed
	AFTER INSERT OR DELETE OR UPDATE OF firebase_id, sessions_valid_after ON users
	FOR EACH ROW EXECUTE FUNCTION notify_session_cut_off();
