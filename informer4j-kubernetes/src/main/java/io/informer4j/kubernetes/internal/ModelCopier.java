package io.informer4j.kubernetes.internal;

import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.informer4j.meta.CompactCollections;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Deep copies of fabric8 models, field by field: every model object (a class of fabric8's
 * {@code io.fabric8.kubernetes.api.model} packages with a no-argument constructor and no final
 * field) is rebuilt with copies of its fields, every map, list and set becomes a modifiable
 * {@code LinkedHashMap}, {@code ArrayList} or {@code LinkedHashSet} (order kept), arrays are copied,
 * and immutable values (strings, numbers, booleans, characters, enums) are shared. Any other object
 * (a Jackson tree, say) is copied through fabric8's serialization. The copy equals the original,
 * serializes to the same JSON and shares nothing modifiable with it, whether the original is an
 * ordinary object or a compact one.
 *
 * <p>Thread-safe and stateless apart from the plan of each class, prepared once per JVM (reflection),
 * after which a copy costs one allocation per object and no serialization.
 */
public final class ModelCopier {

  private static final String MODEL_PACKAGE = "io.fabric8.kubernetes.api.model";

  private static final ClassValue<ClassCopy> PLANS = new ClassValue<>() {
    @Override
    protected ClassCopy computeValue(Class<?> type) {
      return planOf(type);
    }
  };
  private static final MethodType NEW = MethodType.methodType(Object.class);
  private static final MethodType GET = MethodType.methodType(Object.class, Object.class);
  private static final MethodType SET = MethodType.methodType(void.class, Object.class, Object.class);
  private static final ClassCopy BY_SERIALIZATION = (value, copier) -> copier.copyBySerialization(value);

  private final KubernetesSerialization serialization;

  /** @param serialization copies the objects that are not fabric8 models, maps, lists or immutable values */
  public ModelCopier(KubernetesSerialization serialization) {
    this.serialization = serialization;
  }

  /** Returns a deep copy of {@code object}; null for null. */
  @SuppressWarnings("unchecked")
  public <T> T copy(T object) {
    return (T) copyValue(object);
  }

  Object copyValue(Object value) {
    if (value == null || isImmutable(value)) {
      return value;
    }
    if (value instanceof Map<?, ?> || value instanceof List<?>) {
      return CompactCollections.modifiableTree(value, this::copyValue);
    }
    if (value instanceof Set<?> set) {
      Set<Object> copy = new LinkedHashSet<>(Math.max(4, (int) (set.size() / 0.75f) + 1));
      for (Object element : set) {
        copy.add(copyValue(element));
      }
      return copy;
    }
    if (value.getClass().isArray()) {
      return copyArray(value);
    }
    return PLANS.get(value.getClass()).copy(value, this);
  }

  private static boolean isImmutable(Object value) {
    return value instanceof String || value instanceof Integer || value instanceof Long || value instanceof Boolean
        || value instanceof Double || value instanceof Enum<?> || value instanceof Float || value instanceof Short
        || value instanceof Byte || value instanceof Character || value instanceof BigInteger
        || value instanceof BigDecimal;
  }

  /** Whether values of a field declared as {@code type} are always immutable, so they are shared as they are. */
  private static boolean holdsImmutable(Class<?> type) {
    return type.isPrimitive() || type.isEnum() || type == String.class || type == Integer.class || type == Long.class
        || type == Boolean.class || type == Double.class || type == Float.class || type == Short.class
        || type == Byte.class || type == Character.class || type == BigInteger.class || type == BigDecimal.class;
  }

  private Object copyArray(Object array) {
    int length = Array.getLength(array);
    Object copy = Array.newInstance(array.getClass().getComponentType(), length);
    if (array.getClass().getComponentType().isPrimitive()) {
      System.arraycopy(array, 0, copy, 0, length);
    } else {
      for (int i = 0; i < length; i++) {
        Array.set(copy, i, copyValue(Array.get(array, i)));
      }
    }
    return copy;
  }

  /** How one class is copied. */
  private interface ClassCopy {
    Object copy(Object value, ModelCopier copier);
  }

  private static ClassCopy planOf(Class<?> type) {
    if (!type.getName().startsWith(MODEL_PACKAGE) || Modifier.isAbstract(type.getModifiers())) {
      return BY_SERIALIZATION;
    }
    try {
      MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(type, MethodHandles.lookup());
      MethodHandle constructor = lookup.findConstructor(type, MethodType.methodType(void.class)).asType(NEW);
      Object fresh = (Object) constructor.invokeExact();
      List<FieldCopy> fields = new ArrayList<>();
      for (Class<?> c = type; c != Object.class; c = c.getSuperclass()) {
        MethodHandles.Lookup declaring = MethodHandles.privateLookupIn(c, MethodHandles.lookup());
        for (Field field : c.getDeclaredFields()) {
          int modifiers = field.getModifiers();
          if (Modifier.isStatic(modifiers)) {
            continue;
          }
          if (Modifier.isFinal(modifiers)) {
            return BY_SERIALIZATION;
          }
          MethodHandle getter = declaring.unreflectGetter(field).asType(GET);
          MethodHandle setter = declaring.unreflectSetter(field).asType(SET);
          fields.add(new FieldCopy(getter, setter, holdsImmutable(field.getType()),
              !field.getType().isPrimitive() && (Object) getter.invokeExact(fresh) == null));
        }
      }
      FieldCopy[] plan = fields.toArray(FieldCopy[]::new);
      return (value, copier) -> copier.copyFields(constructor, plan, value);
    } catch (Throwable e) {
      return BY_SERIALIZATION;
    }
  }

  /**
   * One field of a model class: its getter and setter, typed {@code (Object)Object} and
   * {@code (Object, Object)void} so that every call is an exact invocation with no conversion of
   * types at run time, whether its values are immutable (shared, not copied) and whether a new
   * instance leaves it null (so a null needs no write).
   */
  private record FieldCopy(MethodHandle getter, MethodHandle setter, boolean immutable, boolean nullWhenNew) {
  }

  private Object copyFields(MethodHandle constructor, FieldCopy[] fields, Object value) {
    try {
      Object copy = (Object) constructor.invokeExact();
      for (FieldCopy field : fields) {
        Object fieldValue = (Object) field.getter.invokeExact(value);
        if (fieldValue != null || !field.nullWhenNew) {
          field.setter.invokeExact(copy, field.immutable ? fieldValue : copyValue(fieldValue));
        }
      }
      return copy;
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException("cannot copy a " + value.getClass().getName(), e);
    }
  }

  private Object copyBySerialization(Object value) {
    return serialization.convertValue(value, value.getClass());
  }
}
