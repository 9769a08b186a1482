package io.informer4j.kubernetes.operator;

import java.util.Objects;

/**
 * How {@link OperatorWrites} applies an object with server-side apply: the field manager the
 * applied fields are owned by, and whether fields another manager owns are taken
 * ({@link #forcingConflicts()}, kubectl's {@code --force-conflicts}) instead of refused with an
 * {@link ApplyConflictException}. Controllers force: the fields they apply are theirs, and whoever
 * changed one since has drifted it. Immutable.
 *
 * @param fieldManager     the field manager (at most 128 printable characters)
 * @param forceConflicts   true to take fields other managers own
 */
public record ApplyOptions(String fieldManager, boolean forceConflicts) {

  /** @throws IllegalArgumentException if the field manager is blank or longer than 128 characters */
  public ApplyOptions {
    Objects.requireNonNull(fieldManager, "fieldManager");
    if (fieldManager.isBlank() || fieldManager.length() > 128) {
      throw new IllegalArgumentException("a field manager is 1 to 128 printable characters: '" + fieldManager + "'");
    }
  }

  /** Returns options applying as {@code fieldManager}, refusing conflicts. */
  public static ApplyOptions as(String fieldManager) {
    return new ApplyOptions(fieldManager, false);
  }

  /** Returns these options taking the fields other managers own. */
  public ApplyOptions forcingConflicts() {
    return new ApplyOptions(fieldManager, true);
  }
}
