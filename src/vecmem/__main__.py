from vecmem.cli import main

main()
