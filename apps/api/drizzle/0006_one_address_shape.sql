ALTER TABLE "stores" ADD COLUMN "floor_apartment" text;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "neighbourhood" text;--> statement-breakpoint
-- One list of store categories (contracts/src/common.ts): "Pet shop" is "Mascotas", unknown ones "Otros".
UPDATE "stores" SET "category" = 'mascotas' WHERE "category" = 'pet-shop';--> statement-breakpoint
UPDATE "stores" SET "category" = 'otros' WHERE "category" NOT IN ('almacen', 'verduleria', 'panaderia', 'carniceria', 'fiambreria', 'dietetica', 'bebidas', 'vinoteca', 'cafe', 'heladeria', 'kiosco', 'libreria', 'ferreteria', 'mascotas', 'ropa', 'farmacia', 'restaurante', 'otros');
