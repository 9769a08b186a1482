package io.informer4j.testkit;

import io.informer4j.meta.TypeKey;
import io.informer4j.source.WatchEventType;

/**
 * One write in the history: what a watch replays and what live watches are sent.
 *
 * @param store     the type's storage at the time of the write (compaction prunes its versions)
 * @param type      the object type; replays select on it, so history survives a reinstall
 * @param key       the object's cache key
 * @param revision  the write's resourceVersion
 * @param kind      ADDED, MODIFIED or DELETED
 * @param object    the new state; for DELETED the last state carrying the deletion's version
 * @param previous  the state before the write; null for ADDED
 */
record ChangeRecord(TypeStore store, TypeKey type, String key, long revision, WatchEventType kind,
                    SimObject object, SimObject previous) {
}
