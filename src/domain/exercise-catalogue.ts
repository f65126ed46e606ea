// The canonical exercise library (docs/decisions/019): the movements every coach shares, which
// workouts will reference by id. A coach's own exercises live beside it on the server.
// Plain data, no Effect.
//
// An id is stored in workouts: never change one, never reuse one. To rename an exercise,
// change its name and keep the old name as an alias. An alias is another way coaches write
// the SAME movement; a variation that loads differently (Front Squat, Romanian Deadlift,
// Incline Bench Press) is its own exercise, or the later migration and every e1RM would
// mix them. When a short name is ambiguous ("Curl", "Leg Curl", "Shoulder Press", "Jerk"),
// it is nobody's alias: free text with that name becomes the coach's custom exercise.
import type { Equipment, ExerciseCategory } from "./exercise-kinds.ts"
import { normalizeExerciseName } from "./exercise-search.ts"

export interface CatalogueExercise {
  /** Stable kebab-case slug, e.g. "back-squat". */
  readonly id: string
  /** How the library shows it, e.g. "Back Squat". */
  readonly name: string
  /** Other names for the same movement, e.g. "Squat", "High Bar Squat". */
  readonly aliases: ReadonlyArray<string>
  readonly category: ExerciseCategory
  readonly equipment: Equipment
}

export const EXERCISE_CATALOGUE: ReadonlyArray<CatalogueExercise> = [
  // squat
  {
    id: "back-squat",
    name: "Back Squat",
    category: "squat",
    equipment: "barbell",
    aliases: ["Squat", "Barbell Squat", "Barbell Back Squat", "High Bar Squat", "High-Bar Back Squat"]
  },
  { id: "front-squat", name: "Front Squat", category: "squat", equipment: "barbell", aliases: ["Barbell Front Squat"] },
  {
    id: "low-bar-squat",
    name: "Low Bar Squat",
    category: "squat",
    equipment: "barbell",
    aliases: ["Low-Bar Back Squat", "Low Bar"]
  },
  {
    id: "pause-squat",
    name: "Pause Squat",
    category: "squat",
    equipment: "barbell",
    aliases: ["Paused Squat", "Paused Back Squat", "Pause Back Squat"]
  },
  { id: "box-squat", name: "Box Squat", category: "squat", equipment: "barbell", aliases: [] },
  {
    id: "safety-bar-squat",
    name: "Safety Bar Squat",
    category: "squat",
    equipment: "barbell",
    aliases: ["SSB Squat", "Safety Squat Bar Squat"]
  },
  { id: "zercher-squat", name: "Zercher Squat", category: "squat", equipment: "barbell", aliases: [] },
  { id: "overhead-squat", name: "Overhead Squat", category: "squat", equipment: "barbell", aliases: ["OHS"] },
  { id: "goblet-squat", name: "Goblet Squat", category: "squat", equipment: "dumbbell", aliases: [] },
  { id: "hack-squat", name: "Hack Squat", category: "squat", equipment: "machine", aliases: ["Machine Hack Squat"] },
  { id: "leg-press", name: "Leg Press", category: "squat", equipment: "machine", aliases: ["45 Degree Leg Press"] },
  { id: "belt-squat", name: "Belt Squat", category: "squat", equipment: "machine", aliases: [] },
  { id: "pistol-squat", name: "Pistol Squat", category: "squat", equipment: "bodyweight", aliases: ["Pistol"] },
  {
    id: "bodyweight-squat",
    name: "Bodyweight Squat",
    category: "squat",
    equipment: "bodyweight",
    aliases: ["Air Squat"]
  },

  // hinge
  {
    id: "deadlift",
    name: "Deadlift",
    category: "hinge",
    equipment: "barbell",
    aliases: ["Conventional Deadlift", "Barbell Deadlift", "DL"]
  },
  { id: "sumo-deadlift", name: "Sumo Deadlift", category: "hinge", equipment: "barbell", aliases: ["Sumo", "Sumo DL"] },
  {
    id: "romanian-deadlift",
    name: "Romanian Deadlift",
    category: "hinge",
    equipment: "barbell",
    aliases: ["RDL", "Barbell RDL", "Romanian DL"]
  },
  {
    id: "stiff-leg-deadlift",
    name: "Stiff-Leg Deadlift",
    category: "hinge",
    equipment: "barbell",
    aliases: ["Stiff-Legged Deadlift", "SLDL", "Straight-Leg Deadlift"]
  },
  {
    id: "trap-bar-deadlift",
    name: "Trap Bar Deadlift",
    category: "hinge",
    equipment: "barbell",
    aliases: ["Hex Bar Deadlift", "Trap Bar DL", "Hex Bar DL"]
  },
  { id: "deficit-deadlift", name: "Deficit Deadlift", category: "hinge", equipment: "barbell", aliases: [] },
  { id: "rack-pull", name: "Rack Pull", category: "hinge", equipment: "barbell", aliases: ["Pin Pull"] },
  {
    id: "dumbbell-romanian-deadlift",
    name: "Dumbbell Romanian Deadlift",
    category: "hinge",
    equipment: "dumbbell",
    aliases: ["Dumbbell RDL"]
  },
  {
    id: "single-leg-romanian-deadlift",
    name: "Single-Leg Romanian Deadlift",
    category: "hinge",
    equipment: "dumbbell",
    aliases: ["Single-Leg RDL", "SL RDL", "One-Leg RDL"]
  },
  {
    id: "good-morning",
    name: "Good Morning",
    category: "hinge",
    equipment: "barbell",
    aliases: ["Barbell Good Morning"]
  },
  { id: "hip-thrust", name: "Hip Thrust", category: "hinge", equipment: "barbell", aliases: ["Barbell Hip Thrust"] },
  { id: "glute-bridge", name: "Glute Bridge", category: "hinge", equipment: "bodyweight", aliases: ["Hip Bridge"] },
  {
    id: "kettlebell-swing",
    name: "Kettlebell Swing",
    category: "hinge",
    equipment: "kettlebell",
    aliases: ["Russian Swing", "Two-Hand Kettlebell Swing"]
  },
  {
    id: "back-extension",
    name: "Back Extension",
    category: "hinge",
    equipment: "bodyweight",
    aliases: ["45 Degree Back Extension", "Hyperextension", "Hyper"]
  },
  {
    id: "cable-pull-through",
    name: "Cable Pull-Through",
    category: "hinge",
    equipment: "cable",
    aliases: ["Pull-Through"]
  },

  // lunge
  { id: "walking-lunge", name: "Walking Lunge", category: "lunge", equipment: "dumbbell", aliases: [] },
  { id: "reverse-lunge", name: "Reverse Lunge", category: "lunge", equipment: "dumbbell", aliases: ["Rear Lunge"] },
  {
    id: "forward-lunge",
    name: "Forward Lunge",
    category: "lunge",
    equipment: "bodyweight",
    aliases: ["Lunge", "Front Lunge"]
  },
  { id: "lateral-lunge", name: "Lateral Lunge", category: "lunge", equipment: "bodyweight", aliases: ["Side Lunge"] },
  {
    id: "bulgarian-split-squat",
    name: "Bulgarian Split Squat",
    category: "lunge",
    equipment: "dumbbell",
    aliases: ["BSS", "Rear-Foot-Elevated Split Squat", "RFESS"]
  },
  { id: "split-squat", name: "Split Squat", category: "lunge", equipment: "dumbbell", aliases: [] },
  { id: "step-up", name: "Step-Up", category: "lunge", equipment: "dumbbell", aliases: ["Box Step-Up"] },
  { id: "cossack-squat", name: "Cossack Squat", category: "lunge", equipment: "bodyweight", aliases: [] },

  // horizontal press
  {
    id: "bench-press",
    name: "Bench Press",
    category: "horizontal press",
    equipment: "barbell",
    aliases: ["Bench", "Flat Bench", "Flat Bench Press", "Barbell Bench Press", "Barbell Bench"]
  },
  {
    id: "close-grip-bench-press",
    name: "Close-Grip Bench Press",
    category: "horizontal press",
    equipment: "barbell",
    aliases: ["Close-Grip Bench", "CGBP"]
  },
  {
    id: "incline-bench-press",
    name: "Incline Bench Press",
    category: "horizontal press",
    equipment: "barbell",
    aliases: ["Incline Bench", "Incline Barbell Bench Press", "Incline Barbell Press"]
  },
  {
    id: "decline-bench-press",
    name: "Decline Bench Press",
    category: "horizontal press",
    equipment: "barbell",
    aliases: ["Decline Bench"]
  },
  {
    id: "pause-bench-press",
    name: "Pause Bench Press",
    category: "horizontal press",
    equipment: "barbell",
    aliases: ["Paused Bench Press", "Pause Bench", "Paused Bench"]
  },
  { id: "floor-press", name: "Floor Press", category: "horizontal press", equipment: "barbell", aliases: [] },
  {
    id: "dumbbell-bench-press",
    name: "Dumbbell Bench Press",
    category: "horizontal press",
    equipment: "dumbbell",
    aliases: ["Dumbbell Bench", "Flat Dumbbell Press", "Flat Dumbbell Bench Press"]
  },
  {
    id: "incline-dumbbell-press",
    name: "Incline Dumbbell Press",
    category: "horizontal press",
    equipment: "dumbbell",
    aliases: ["Incline Dumbbell Bench Press", "Incline Dumbbell Bench"]
  },
  {
    id: "machine-chest-press",
    name: "Machine Chest Press",
    category: "horizontal press",
    equipment: "machine",
    aliases: ["Chest Press", "Seated Chest Press"]
  },
  {
    id: "push-up",
    name: "Push-Up",
    category: "horizontal press",
    equipment: "bodyweight",
    aliases: ["Pushup", "Press-Up"]
  },
  {
    id: "dip",
    name: "Dip",
    category: "horizontal press",
    equipment: "bodyweight",
    aliases: ["Parallel Bar Dip", "Chest Dip"]
  },
  {
    id: "dumbbell-fly",
    name: "Dumbbell Fly",
    category: "horizontal press",
    equipment: "dumbbell",
    aliases: ["Dumbbell Flye", "Flat Dumbbell Fly"]
  },
  {
    id: "cable-fly",
    name: "Cable Fly",
    category: "horizontal press",
    equipment: "cable",
    aliases: ["Cable Crossover", "Cable Flye"]
  },
  {
    id: "pec-deck",
    name: "Pec Deck",
    category: "horizontal press",
    equipment: "machine",
    aliases: ["Machine Fly", "Pec Fly", "Butterfly"]
  },

  // vertical press
  {
    id: "overhead-press",
    name: "Overhead Press",
    category: "vertical press",
    equipment: "barbell",
    aliases: ["OHP", "Military Press", "Standing Press", "Strict Press", "Barbell Overhead Press"]
  },
  {
    id: "seated-overhead-press",
    name: "Seated Overhead Press",
    category: "vertical press",
    equipment: "barbell",
    aliases: ["Seated Military Press", "Seated Barbell Press"]
  },
  {
    id: "dumbbell-shoulder-press",
    name: "Dumbbell Shoulder Press",
    category: "vertical press",
    equipment: "dumbbell",
    aliases: ["Seated Dumbbell Press", "Dumbbell Overhead Press", "Dumbbell OHP"]
  },
  { id: "arnold-press", name: "Arnold Press", category: "vertical press", equipment: "dumbbell", aliases: [] },
  { id: "push-press", name: "Push Press", category: "vertical press", equipment: "barbell", aliases: [] },
  {
    id: "machine-shoulder-press",
    name: "Machine Shoulder Press",
    category: "vertical press",
    equipment: "machine",
    aliases: ["Shoulder Press Machine"]
  },
  { id: "z-press", name: "Z Press", category: "vertical press", equipment: "barbell", aliases: [] },
  { id: "landmine-press", name: "Landmine Press", category: "vertical press", equipment: "barbell", aliases: [] },
  {
    id: "handstand-push-up",
    name: "Handstand Push-Up",
    category: "vertical press",
    equipment: "bodyweight",
    aliases: ["HSPU"]
  },
  {
    id: "kettlebell-press",
    name: "Kettlebell Press",
    category: "vertical press",
    equipment: "kettlebell",
    aliases: ["Kettlebell Overhead Press", "Kettlebell Military Press"]
  },

  // horizontal pull
  {
    id: "barbell-row",
    name: "Barbell Row",
    category: "horizontal pull",
    equipment: "barbell",
    aliases: ["Bent-Over Row", "Bent-Over Barbell Row", "Barbell Bent-Over Row"]
  },
  { id: "pendlay-row", name: "Pendlay Row", category: "horizontal pull", equipment: "barbell", aliases: [] },
  {
    id: "dumbbell-row",
    name: "Dumbbell Row",
    category: "horizontal pull",
    equipment: "dumbbell",
    aliases: ["One-Arm Dumbbell Row", "Single-Arm Dumbbell Row"]
  },
  { id: "seal-row", name: "Seal Row", category: "horizontal pull", equipment: "barbell", aliases: [] },
  {
    id: "chest-supported-row",
    name: "Chest-Supported Row",
    category: "horizontal pull",
    equipment: "dumbbell",
    aliases: ["Chest-Supported Dumbbell Row", "Incline Dumbbell Row"]
  },
  { id: "t-bar-row", name: "T-Bar Row", category: "horizontal pull", equipment: "barbell", aliases: ["Landmine Row"] },
  {
    id: "seated-cable-row",
    name: "Seated Cable Row",
    category: "horizontal pull",
    equipment: "cable",
    aliases: ["Cable Row", "Seated Row"]
  },
  {
    id: "machine-row",
    name: "Machine Row",
    category: "horizontal pull",
    equipment: "machine",
    aliases: ["Seated Machine Row", "Hammer Strength Row"]
  },
  {
    id: "inverted-row",
    name: "Inverted Row",
    category: "horizontal pull",
    equipment: "bodyweight",
    aliases: ["Bodyweight Row", "Australian Pull-Up", "Ring Row", "TRX Row"]
  },
  { id: "meadows-row", name: "Meadows Row", category: "horizontal pull", equipment: "barbell", aliases: [] },
  { id: "gorilla-row", name: "Gorilla Row", category: "horizontal pull", equipment: "kettlebell", aliases: [] },
  {
    id: "face-pull",
    name: "Face Pull",
    category: "horizontal pull",
    equipment: "cable",
    aliases: ["Cable Face Pull", "Rope Face Pull"]
  },

  // vertical pull
  {
    id: "pull-up",
    name: "Pull-Up",
    category: "vertical pull",
    equipment: "bodyweight",
    aliases: ["Pullup", "Overhand Pull-Up", "Bodyweight Pull-Up"]
  },
  {
    id: "chin-up",
    name: "Chin-Up",
    category: "vertical pull",
    equipment: "bodyweight",
    aliases: ["Chinup", "Underhand Pull-Up", "Supinated Pull-Up"]
  },
  {
    id: "weighted-pull-up",
    name: "Weighted Pull-Up",
    category: "vertical pull",
    equipment: "bodyweight",
    aliases: ["Weighted Pullup"]
  },
  {
    id: "neutral-grip-pull-up",
    name: "Neutral-Grip Pull-Up",
    category: "vertical pull",
    equipment: "bodyweight",
    aliases: ["Hammer-Grip Pull-Up", "Neutral-Grip Pullup"]
  },
  {
    id: "assisted-pull-up",
    name: "Assisted Pull-Up",
    category: "vertical pull",
    equipment: "machine",
    aliases: ["Machine-Assisted Pull-Up", "Band-Assisted Pull-Up"]
  },
  {
    id: "lat-pulldown",
    name: "Lat Pulldown",
    category: "vertical pull",
    equipment: "cable",
    aliases: ["Pulldown", "Lat Pull-Down", "Wide-Grip Lat Pulldown"]
  },
  {
    id: "close-grip-lat-pulldown",
    name: "Close-Grip Lat Pulldown",
    category: "vertical pull",
    equipment: "cable",
    aliases: ["Close-Grip Pulldown", "V-Bar Pulldown"]
  },
  {
    id: "straight-arm-pulldown",
    name: "Straight-Arm Pulldown",
    category: "vertical pull",
    equipment: "cable",
    aliases: ["Straight-Arm Lat Pulldown", "Cable Pullover"]
  },
  {
    id: "dumbbell-pullover",
    name: "Dumbbell Pullover",
    category: "vertical pull",
    equipment: "dumbbell",
    aliases: ["Pullover"]
  },
  {
    id: "muscle-up",
    name: "Muscle-Up",
    category: "vertical pull",
    equipment: "bodyweight",
    aliases: ["Bar Muscle-Up"]
  },

  // shoulders
  {
    id: "lateral-raise",
    name: "Lateral Raise",
    category: "shoulders",
    equipment: "dumbbell",
    aliases: ["Dumbbell Lateral Raise", "Side Raise", "Side Lateral Raise", "Lat Raise"]
  },
  { id: "cable-lateral-raise", name: "Cable Lateral Raise", category: "shoulders", equipment: "cable", aliases: [] },
  {
    id: "front-raise",
    name: "Front Raise",
    category: "shoulders",
    equipment: "dumbbell",
    aliases: ["Dumbbell Front Raise"]
  },
  {
    id: "rear-delt-fly",
    name: "Rear Delt Fly",
    category: "shoulders",
    equipment: "dumbbell",
    aliases: ["Reverse Fly", "Rear Delt Raise", "Bent-Over Reverse Fly", "Reverse Dumbbell Fly"]
  },
  {
    id: "reverse-pec-deck",
    name: "Reverse Pec Deck",
    category: "shoulders",
    equipment: "machine",
    aliases: ["Machine Reverse Fly", "Rear Delt Machine"]
  },
  {
    id: "upright-row",
    name: "Upright Row",
    category: "shoulders",
    equipment: "barbell",
    aliases: ["Barbell Upright Row"]
  },
  { id: "band-pull-apart", name: "Band Pull-Apart", category: "shoulders", equipment: "band", aliases: ["Pull-Apart"] },
  { id: "barbell-shrug", name: "Barbell Shrug", category: "shoulders", equipment: "barbell", aliases: ["Shrug"] },
  { id: "dumbbell-shrug", name: "Dumbbell Shrug", category: "shoulders", equipment: "dumbbell", aliases: [] },
  {
    id: "cable-external-rotation",
    name: "Cable External Rotation",
    category: "shoulders",
    equipment: "cable",
    aliases: ["External Rotation"]
  },

  // arms
  {
    id: "barbell-curl",
    name: "Barbell Curl",
    category: "arms",
    equipment: "barbell",
    aliases: ["Barbell Biceps Curl", "Standing Barbell Curl"]
  },
  {
    id: "ez-bar-curl",
    name: "EZ-Bar Curl",
    category: "arms",
    equipment: "barbell",
    aliases: ["EZ Curl", "EZ-Bar Biceps Curl"]
  },
  {
    id: "dumbbell-curl",
    name: "Dumbbell Curl",
    category: "arms",
    equipment: "dumbbell",
    aliases: ["Dumbbell Biceps Curl"]
  },
  {
    id: "hammer-curl",
    name: "Hammer Curl",
    category: "arms",
    equipment: "dumbbell",
    aliases: ["Dumbbell Hammer Curl"]
  },
  {
    id: "incline-dumbbell-curl",
    name: "Incline Dumbbell Curl",
    category: "arms",
    equipment: "dumbbell",
    aliases: ["Incline Curl"]
  },
  {
    id: "preacher-curl",
    name: "Preacher Curl",
    category: "arms",
    equipment: "barbell",
    aliases: ["EZ-Bar Preacher Curl"]
  },
  { id: "cable-curl", name: "Cable Curl", category: "arms", equipment: "cable", aliases: ["Cable Biceps Curl"] },
  {
    id: "triceps-pushdown",
    name: "Triceps Pushdown",
    category: "arms",
    equipment: "cable",
    aliases: ["Cable Pushdown", "Rope Pushdown", "Triceps Pressdown"]
  },
  {
    id: "overhead-triceps-extension",
    name: "Overhead Triceps Extension",
    category: "arms",
    equipment: "dumbbell",
    aliases: ["Dumbbell Overhead Triceps Extension", "Overhead Extension"]
  },
  {
    id: "skull-crusher",
    name: "Skull Crusher",
    category: "arms",
    equipment: "barbell",
    aliases: ["Skullcrusher", "Lying Triceps Extension"]
  },
  {
    id: "triceps-kickback",
    name: "Triceps Kickback",
    category: "arms",
    equipment: "dumbbell",
    aliases: ["Dumbbell Kickback"]
  },
  { id: "bench-dip", name: "Bench Dip", category: "arms", equipment: "bodyweight", aliases: [] },

  // legs
  {
    id: "leg-extension",
    name: "Leg Extension",
    category: "legs",
    equipment: "machine",
    aliases: ["Quad Extension", "Knee Extension", "Machine Leg Extension"]
  },
  { id: "lying-leg-curl", name: "Lying Leg Curl", category: "legs", equipment: "machine", aliases: ["Prone Leg Curl"] },
  { id: "seated-leg-curl", name: "Seated Leg Curl", category: "legs", equipment: "machine", aliases: [] },
  {
    id: "nordic-hamstring-curl",
    name: "Nordic Hamstring Curl",
    category: "legs",
    equipment: "bodyweight",
    aliases: ["Nordic Curl", "Nordic Ham Curl"]
  },
  { id: "glute-ham-raise", name: "Glute-Ham Raise", category: "legs", equipment: "machine", aliases: ["GHR"] },
  {
    id: "hip-adduction",
    name: "Hip Adduction",
    category: "legs",
    equipment: "machine",
    aliases: ["Adductor Machine", "Hip Adductor"]
  },
  {
    id: "hip-abduction",
    name: "Hip Abduction",
    category: "legs",
    equipment: "machine",
    aliases: ["Abductor Machine", "Hip Abductor"]
  },
  {
    id: "cable-glute-kickback",
    name: "Cable Glute Kickback",
    category: "legs",
    equipment: "cable",
    aliases: ["Glute Kickback"]
  },

  // calves
  {
    id: "standing-calf-raise",
    name: "Standing Calf Raise",
    category: "calves",
    equipment: "machine",
    aliases: ["Calf Raise", "Machine Calf Raise"]
  },
  { id: "seated-calf-raise", name: "Seated Calf Raise", category: "calves", equipment: "machine", aliases: [] },
  {
    id: "leg-press-calf-raise",
    name: "Leg Press Calf Raise",
    category: "calves",
    equipment: "machine",
    aliases: ["Calf Press", "Leg Press Calf Press"]
  },
  {
    id: "single-leg-calf-raise",
    name: "Single-Leg Calf Raise",
    category: "calves",
    equipment: "dumbbell",
    aliases: ["One-Leg Calf Raise"]
  },
  {
    id: "tibialis-raise",
    name: "Tibialis Raise",
    category: "calves",
    equipment: "bodyweight",
    aliases: ["Tib Raise", "Tibialis Anterior Raise"]
  },

  // core
  { id: "plank", name: "Plank", category: "core", equipment: "bodyweight", aliases: ["Front Plank", "Forearm Plank"] },
  { id: "side-plank", name: "Side Plank", category: "core", equipment: "bodyweight", aliases: [] },
  { id: "hanging-leg-raise", name: "Hanging Leg Raise", category: "core", equipment: "bodyweight", aliases: [] },
  { id: "hanging-knee-raise", name: "Hanging Knee Raise", category: "core", equipment: "bodyweight", aliases: [] },
  { id: "toes-to-bar", name: "Toes-to-Bar", category: "core", equipment: "bodyweight", aliases: ["T2B"] },
  {
    id: "ab-wheel-rollout",
    name: "Ab Wheel Rollout",
    category: "core",
    equipment: "other",
    aliases: ["Ab Wheel", "Ab Rollout", "Rollout"]
  },
  {
    id: "cable-crunch",
    name: "Cable Crunch",
    category: "core",
    equipment: "cable",
    aliases: ["Kneeling Cable Crunch"]
  },
  { id: "crunch", name: "Crunch", category: "core", equipment: "bodyweight", aliases: [] },
  { id: "sit-up", name: "Sit-Up", category: "core", equipment: "bodyweight", aliases: ["Situp"] },
  { id: "russian-twist", name: "Russian Twist", category: "core", equipment: "bodyweight", aliases: [] },
  { id: "pallof-press", name: "Pallof Press", category: "core", equipment: "cable", aliases: [] },
  { id: "dead-bug", name: "Dead Bug", category: "core", equipment: "bodyweight", aliases: [] },
  {
    id: "hollow-body-hold",
    name: "Hollow Body Hold",
    category: "core",
    equipment: "bodyweight",
    aliases: ["Hollow Hold"]
  },
  {
    id: "cable-woodchop",
    name: "Cable Woodchop",
    category: "core",
    equipment: "cable",
    aliases: ["Woodchopper", "Wood Chop"]
  },

  // carry
  {
    id: "farmers-walk",
    name: "Farmer's Walk",
    category: "carry",
    equipment: "dumbbell",
    aliases: ["Farmer's Carry"]
  },
  { id: "suitcase-carry", name: "Suitcase Carry", category: "carry", equipment: "dumbbell", aliases: [] },
  {
    id: "front-rack-carry",
    name: "Front Rack Carry",
    category: "carry",
    equipment: "kettlebell",
    aliases: ["Kettlebell Front Rack Carry"]
  },
  {
    id: "overhead-carry",
    name: "Overhead Carry",
    category: "carry",
    equipment: "kettlebell",
    aliases: ["Waiter's Walk"]
  },
  { id: "yoke-carry", name: "Yoke Carry", category: "carry", equipment: "other", aliases: ["Yoke Walk", "Yoke"] },

  // olympic
  { id: "power-clean", name: "Power Clean", category: "olympic", equipment: "barbell", aliases: [] },
  { id: "clean", name: "Clean", category: "olympic", equipment: "barbell", aliases: ["Squat Clean", "Full Clean"] },
  { id: "hang-clean", name: "Hang Clean", category: "olympic", equipment: "barbell", aliases: [] },
  { id: "hang-power-clean", name: "Hang Power Clean", category: "olympic", equipment: "barbell", aliases: [] },
  { id: "power-snatch", name: "Power Snatch", category: "olympic", equipment: "barbell", aliases: [] },
  { id: "snatch", name: "Snatch", category: "olympic", equipment: "barbell", aliases: ["Squat Snatch", "Full Snatch"] },
  { id: "clean-and-jerk", name: "Clean and Jerk", category: "olympic", equipment: "barbell", aliases: ["C&J"] },
  { id: "push-jerk", name: "Push Jerk", category: "olympic", equipment: "barbell", aliases: [] },
  { id: "split-jerk", name: "Split Jerk", category: "olympic", equipment: "barbell", aliases: [] },
  { id: "clean-pull", name: "Clean Pull", category: "olympic", equipment: "barbell", aliases: [] },
  { id: "snatch-pull", name: "Snatch Pull", category: "olympic", equipment: "barbell", aliases: [] },
  {
    id: "dumbbell-snatch",
    name: "Dumbbell Snatch",
    category: "olympic",
    equipment: "dumbbell",
    aliases: ["Single-Arm Dumbbell Snatch"]
  },
  { id: "kettlebell-clean", name: "Kettlebell Clean", category: "olympic", equipment: "kettlebell", aliases: [] },

  // plyometric
  { id: "box-jump", name: "Box Jump", category: "plyometric", equipment: "bodyweight", aliases: [] },
  {
    id: "broad-jump",
    name: "Broad Jump",
    category: "plyometric",
    equipment: "bodyweight",
    aliases: ["Standing Long Jump"]
  },
  { id: "jump-squat", name: "Jump Squat", category: "plyometric", equipment: "bodyweight", aliases: ["Squat Jump"] },
  {
    id: "medicine-ball-slam",
    name: "Medicine Ball Slam",
    category: "plyometric",
    equipment: "other",
    aliases: ["Med Ball Slam", "Ball Slam", "Slam Ball"]
  },

  // conditioning
  {
    id: "sled-push",
    name: "Sled Push",
    category: "conditioning",
    equipment: "other",
    aliases: ["Prowler Push", "Prowler"]
  },
  { id: "sled-drag", name: "Sled Drag", category: "conditioning", equipment: "other", aliases: ["Sled Pull"] },
  {
    id: "rowing-machine",
    name: "Rowing Machine",
    category: "conditioning",
    equipment: "machine",
    aliases: ["Rower", "Erg", "Indoor Row", "Concept2 Row"]
  },
  {
    id: "assault-bike",
    name: "Assault Bike",
    category: "conditioning",
    equipment: "machine",
    aliases: ["Air Bike", "Airdyne", "Echo Bike"]
  },
  { id: "burpee", name: "Burpee", category: "conditioning", equipment: "bodyweight", aliases: [] },
  {
    id: "jump-rope",
    name: "Jump Rope",
    category: "conditioning",
    equipment: "other",
    aliases: ["Skipping", "Skip Rope"]
  },

  // other
  {
    id: "turkish-get-up",
    name: "Turkish Get-Up",
    category: "other",
    equipment: "kettlebell",
    aliases: ["TGU", "Get-Up"]
  },
  { id: "neck-flexion", name: "Neck Flexion", category: "other", equipment: "other", aliases: ["Neck Curl"] },
  {
    id: "neck-extension",
    name: "Neck Extension",
    category: "other",
    equipment: "other",
    aliases: ["Neck Harness Extension"]
  }
]

const byId = new Map(EXERCISE_CATALOGUE.map((exercise) => [exercise.id, exercise]))

// Every name and alias in normalized form. The catalogue test guarantees that no two
// exercises share one, so the first writer is the only one.
const byNormalizedName = new Map<string, string>()
for (const exercise of EXERCISE_CATALOGUE) {
  for (const name of [exercise.name, ...exercise.aliases]) {
    const key = normalizeExerciseName(name)
    if (!byNormalizedName.has(key)) byNormalizedName.set(key, exercise.id)
  }
}

/** The catalogue exercise with this id, if it is one. */
export const catalogueExercise = (id: string): CatalogueExercise | undefined => byId.get(id)

export const isCatalogueExerciseId = (id: string): boolean => byId.has(id)

/**
 * The id of the catalogue exercise a free-text name means, only when the name IS the
 * exercise's name or one of its aliases once normalized (case, accents, spacing,
 * punctuation, plurals, bb/db/kb/bw: see normalizeExerciseName). Never a guess: "Front
 * Squat" is front-squat, never back-squat; "Squat 3x5" or "Leg Curl" is undefined. The
 * migration of free-text workouts links a match and makes the rest custom exercises.
 */
export const findCanonical = (name: string): string | undefined => {
  const key = normalizeExerciseName(name)
  return key === "" ? undefined : byNormalizedName.get(key)
}
